package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
)

// report is the part of a JSON report same reads.
type report struct {
	Schema struct {
		Objects []struct {
			Kind, Name, Source, Status string
			Problems                   []struct {
				Kind, Message, Source string
				Code                  int
			}
		}
	}
}

// same compares the schema objects of two JSON reports (grouped and
// --no-group): every object with its status and problems, sorted.
func same(a, b string) error {
	fa, err := findings(a)
	if err != nil {
		return err
	}
	fb, err := findings(b)
	if err != nil {
		return err
	}
	if !slices.Equal(fa, fb) {
		n := 0
		for _, f := range fa {
			if !slices.Contains(fb, f) && n < 10 {
				fmt.Fprintln(os.Stderr, "only in", a+":", f)
				n++
			}
		}
		return fmt.Errorf("%s (%d objects) and %s (%d objects) differ", a, len(fa), b, len(fb))
	}
	problems := 0
	for _, f := range fa {
		if !strings.HasSuffix(f, " loaded") {
			problems++
		}
	}
	fmt.Printf("same findings: %d objects, %d with a problem\n", len(fa), problems)
	return nil
}

func findings(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []string
	for _, o := range r.Schema.Objects {
		line := fmt.Sprintf("%s %s %s", o.Kind, o.Name, o.Source)
		for _, p := range o.Problems {
			line += fmt.Sprintf(" | %s %d %s %s", p.Kind, p.Code, p.Message, p.Source)
		}
		out = append(out, line+" "+o.Status)
	}
	slices.Sort(out)
	return out, nil
}
