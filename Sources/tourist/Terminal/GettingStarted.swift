/// What `tourist` alone prints: a few commands to begin with, instead of the whole `--help`.
enum GettingStarted {
    static let text = """
        tourist keeps a photo album for every place you pin, filled from Flickr, Wikimedia Commons,
        your own folders and more. To begin, offline, with the bundled demo photos:

          tourist pin add 48.8584 2.2945 --name "Eiffel Tower"
          tourist fetch "Eiffel Tower"       # fills its album
          tourist album "Eiffel Tower"       # its photos and their files
          tourist serve --open               # the pins on a map, in a browser

        For photos from everywhere: tourist config init, then set FLICKR_API_KEY.
        Every command and option: tourist --help

        """
}
