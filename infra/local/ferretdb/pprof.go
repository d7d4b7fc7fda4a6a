package main

import (
	"log/slog"
	"net/http"
	_ "net/http/pprof" // registers /debug/pprof on the default mux
	"os"
)

// servePprof serves Go's profiler on FERRETDB_PPROF_ADDR (for example 127.0.0.1:6060) when it is
// set: a development aid to see where the database spends its CPU under a benchmark
// (`go tool pprof http://127.0.0.1:6060/debug/pprof/profile?seconds=10`). Off by default.
func servePprof(logger *slog.Logger) {
	addr := os.Getenv("FERRETDB_PPROF_ADDR")
	if addr == "" {
		return
	}
	go func() {
		if err := http.ListenAndServe(addr, nil); err != nil {
			logger.Warn("pprof listener stopped", "addr", addr, "error", err)
		}
	}()
}
