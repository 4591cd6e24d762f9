// The loopback HTTP server; being written.
