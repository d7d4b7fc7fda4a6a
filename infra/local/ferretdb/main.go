// Command ferretdb runs FerretDB v1 (a MongoDB wire-protocol server) on its SQLite backend for the
// local stack and the tests. The upstream `go install` of FerretDB's own command panics on a
// missing version file, so we embed it through its public `ferretdb` package instead.
//
// Usage: ferretdb -listen 127.0.0.1:27017 -data .data/ferretdb [-log-level warn]
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	data := flag.String("data", ".data/ferretdb", "directory holding the SQLite files")
	level := flag.String("log-level", "warn", "log level: debug, info, warn, error")
	flag.Parse()

	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb: invalid -log-level %q: %v\n", *level, err)
		os.Exit(2)
	}
	logger := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))

	dir, err := filepath.Abs(*data)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb: cannot use data directory %q: %v\n", *data, err)
		os.Exit(1)
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		// WAL with synchronous=NORMAL: a commit is durable across a crash of the process, and waits
		// for no fsync (FULL, the default, fsyncs each commit: ~0.35 ms here, serialized, the cap
		// on write throughput). Like MongoDB's default journal commit interval, a power cut may
		// lose the last moments of writes; this is the local and test database.
		SQLiteURL: "file:" + dir + "/?_pragma=synchronous(normal)",
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb: %v\n", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	go maintainIDIndexes(ctx, dir, time.Second, logger)
	servePprof(logger)

	fmt.Fprintf(os.Stderr, "ferretdb: listening on %s, data in %s\n", *listen, dir)
	if err := f.Run(ctx); err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb: %v\n", err)
		os.Exit(1)
	}
}
