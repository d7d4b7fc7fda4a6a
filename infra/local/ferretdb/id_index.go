package main

// FerretDB 1.24's SQLite backend pushes a filter on `_id` alone down to SQLite as
// `WHERE _ferretdb_sjson->'$._id' = ?`, but the `_id_` index it creates is on the expression
// `_ferretdb_sjson->"_id"`. SQLite matches expression indexes by their exact form, so every `_id`
// lookup scans the whole table (EXPLAIN QUERY PLAN: SCAN). This file adds, beside FerretDB's own
// index, an index on the exact expression the queries use, for every collection table, so `_id`
// lookups cost O(log n) as they do on MongoDB. FerretDB's metadata does not list it (it is not a
// MongoDB index: `listIndexes` is unchanged) and `DROP TABLE` drops it with the collection.

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the driver FerretDB itself uses
)

const idIndexSuffix = "_pupitre_id_path"

// maintainIDIndexes adds the missing `_id` path indexes now and then every interval, until ctx ends.
func maintainIDIndexes(ctx context.Context, dir string, interval time.Duration, logger *slog.Logger) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		files, _ := filepath.Glob(filepath.Join(dir, "*.sqlite"))
		for _, file := range files {
			if err := ensureIDIndexes(ctx, file, logger); err != nil && ctx.Err() == nil {
				logger.Debug("id index pass failed", slog.String("file", file), slog.String("error", err.Error()))
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// ensureIDIndexes creates the `_id` path index of every collection table of one database file.
func ensureIDIndexes(ctx context.Context, file string, logger *slog.Logger) error {
	if _, err := os.Stat(file); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(wal)")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	rows, err := db.QueryContext(ctx, `SELECT m.name FROM sqlite_master m
		WHERE m.type = 'table' AND m.name NOT LIKE '\_ferretdb\_%' ESCAPE '\' AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\'
		AND NOT EXISTS (SELECT 1 FROM sqlite_master i WHERE i.type = 'index' AND i.name = m.name || ?)`, idIndexSuffix)
	if err != nil {
		return err
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return err
		}
		tables = append(tables, name)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}

	for _, table := range tables {
		if strings.ContainsAny(table, `"`) {
			continue
		}
		started := time.Now()
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS "%s%s" ON "%s" (_ferretdb_sjson->'$._id')`, table, idIndexSuffix, table)
		if _, err := db.ExecContext(ctx, q); err != nil {
			// The table may have been dropped meanwhile: try again on the next pass.
			logger.Debug("id index not created", slog.String("table", table), slog.String("error", err.Error()))
			continue
		}
		logger.Debug("id index created", slog.String("table", table), slog.Duration("took", time.Since(started)))
	}
	return nil
}
