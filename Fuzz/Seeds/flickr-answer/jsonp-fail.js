jsonFlickrApi({"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format) fuzz-key"});
