// The Flickr provider; being written.
