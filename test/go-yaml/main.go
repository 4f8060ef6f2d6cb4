// The platform's YAML reader, standing in for the server and kubectl: go-yaml v2 (which
// sigs.k8s.io/yaml forks), decoding each document of a file as kubectl's decoder does, into
// the plain values JSON is made of. Debian ships it (golang-gopkg-yaml.v2-dev), so it builds
// with no module download.
//
// Input on stdin: file paths, one per line. Output on stdout: per file, `path<TAB>ok<TAB>`
// and the documents as a JSON array (map keys written as fmt prints them, as
// sigs.k8s.io/yaml's conversion to JSON does for the keys manifests use), or
// `path<TAB>error: message` for the first document it refuses.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	yaml "gopkg.in/yaml.v2"
)

func verdict(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "error: " + err.Error()
	}
	decoder := yaml.NewDecoder(bytes.NewReader(data))
	documents := []interface{}{}
	for {
		var value interface{}
		err := decoder.Decode(&value)
		if err == io.EOF {
			break
		}
		if err != nil {
			return "error: " + err.Error()
		}
		documents = append(documents, jsonable(value))
	}
	text, err := json.Marshal(documents)
	if err != nil {
		// A value JSON cannot hold (an infinity): the file is read, its values are not shown.
		return "ok\t"
	}
	return "ok\t" + string(text)
}

// jsonable makes go-yaml's maps (keyed by any value) maps keyed by text, as JSON needs.
func jsonable(value interface{}) interface{} {
	switch v := value.(type) {
	case map[interface{}]interface{}:
		out := make(map[string]interface{}, len(v))
		for key, item := range v {
			out[fmt.Sprint(key)] = jsonable(item)
		}
		return out
	case []interface{}:
		for i, item := range v {
			v[i] = jsonable(item)
		}
		return v
	}
	return value
}

func main() {
	lines := bufio.NewScanner(os.Stdin)
	for lines.Scan() {
		fmt.Printf("%s\t%s\n", lines.Text(), verdict(lines.Text()))
	}
}
