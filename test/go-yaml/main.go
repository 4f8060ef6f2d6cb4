// The platform's YAML reader, standing in for the server and kubectl: go-yaml v2 (which
// sigs.k8s.io/yaml forks), decoding each document of a file as kubectl's decoder does, into
// the plain values JSON is made of. Debian ships it (golang-gopkg-yaml.v2-dev), so it builds
// with no module download.
//
// Input on stdin: file paths, one per line. Output on stdout: per file, `path<TAB>ok`, or
// `path<TAB>error: message` for the first document it refuses.
package main

import (
	"bufio"
	"bytes"
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
	for {
		var value interface{}
		err := decoder.Decode(&value)
		if err == io.EOF {
			return "ok"
		}
		if err != nil {
			return "error: " + err.Error()
		}
	}
}

func main() {
	lines := bufio.NewScanner(os.Stdin)
	for lines.Scan() {
		fmt.Printf("%s\t%s\n", lines.Text(), verdict(lines.Text()))
	}
}
