// The fake Flickr service; being written.
