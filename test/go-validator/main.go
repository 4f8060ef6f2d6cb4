// A JSON Schema validator in Go, standing in for the Go tools (kubeconform and the like) that
// read the schemas `platlint schema` exports. Go's regexp is RE2, so a pattern that only
// JavaScript understands fails here as it fails there. It uses gojsonschema, which Debian ships
// (golang-github-xeipuuv-gojsonschema-dev), so that it builds with no module download.
//
// Input on stdin: a JSON array of {"schema": file, "document": file}. Output on stdout: a JSON
// array of {"document": file, "errors": [...]}, one per input, in order. A schema that does not
// load is an error of each document checked against it.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/xeipuuv/gojsonschema"
)

type check struct {
	Schema   string `json:"schema"`
	Document string `json:"document"`
}

type result struct {
	Document string   `json:"document"`
	Errors   []string `json:"errors"`
}

func fileURL(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return "file://" + abs
}

func main() {
	var checks []check
	if err := json.NewDecoder(os.Stdin).Decode(&checks); err != nil {
		fmt.Fprintln(os.Stderr, "reading the checks:", err)
		os.Exit(2)
	}
	schemas := map[string]*gojsonschema.Schema{}
	loadErrors := map[string]error{}
	results := make([]result, 0, len(checks))
	for _, c := range checks {
		r := result{Document: c.Document, Errors: []string{}}
		schema, seen := schemas[c.Schema]
		if !seen && loadErrors[c.Schema] == nil {
			var err error
			schema, err = gojsonschema.NewSchema(gojsonschema.NewReferenceLoader(fileURL(c.Schema)))
			if err != nil {
				loadErrors[c.Schema] = err
			} else {
				schemas[c.Schema] = schema
			}
		}
		if err := loadErrors[c.Schema]; err != nil {
			r.Errors = append(r.Errors, "schema "+c.Schema+" does not load: "+err.Error())
		} else {
			outcome, err := schema.Validate(gojsonschema.NewReferenceLoader(fileURL(c.Document)))
			if err != nil {
				r.Errors = append(r.Errors, err.Error())
			} else {
				for _, e := range outcome.Errors() {
					r.Errors = append(r.Errors, e.String())
				}
			}
		}
		results = append(results, r)
	}
	if err := json.NewEncoder(os.Stdout).Encode(results); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
