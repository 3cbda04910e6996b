package queries

import "testing"

func TestJSONText(t *testing.T) {
	for _, tt := range []struct {
		name, a, b string
		same       bool
	}{
		{"key order and spaces", `{"b":[1,2],"a":1}`, `{"a": 1, "b": [1, 2]}`, true},
		{"nested objects", `{"x":{"d":null,"c":true}}`, `{"x": {"c": true, "d": null}}`, true},
		{"array order counts", `[1,2]`, `[2, 1]`, false},
		{"another value", `{"a":1}`, `{"a": 2}`, false},
		{"another key", `{"a":1}`, `{"A": 1}`, false},
		{"a key more", `{"a":1}`, `{"a": 1, "b": 1}`, false},
		{"integral numbers exact", `{"n":1.0}`, `{"n": 1}`, true},
		{"exponent", `[1e2]`, `[100]`, true},
		{"big integers exact", `[12345678901234567891]`, `[12345678901234567892]`, false},
		{"fractions to the digits", `[3.14159265358979323846]`, `[3.141592653589793]`, true},
		{"fractions beyond the digits", `[14.2142]`, `[14.2143]`, false},
		{"DECIMAL's trailing zero", `{"p":9.90}`, `{"p": 9.9}`, true},
		{"escaped and plain characters", `["caf\u00e9"]`, `["café"]`, true},
		{"strings differ", `["cafe"]`, `["café"]`, false},
		{"a number is not its string", `[1]`, `["1"]`, false},
		{"scalar string", `"x"`, ` "x" `, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ca, okA := jsonText(tt.a, 6)
			cb, okB := jsonText(tt.b, 6)
			if !okA || !okB {
				t.Fatalf("not parsed: %q %v, %q %v", tt.a, okA, tt.b, okB)
			}
			if (ca == cb) != tt.same {
				t.Errorf("%s and %s: canonical %s and %s, same %v, want %v", tt.a, tt.b, ca, cb, ca == cb, tt.same)
			}
		})
	}
}

func TestJSONTextRefusesNonJSON(t *testing.T) {
	for _, s := range []string{``, `{"a":1`, `{"a":1} x`, `abc`, `{"a":1}{"b":2}`} {
		if c, ok := jsonText(s, 6); ok {
			t.Errorf("%q parsed as JSON: %s", s, c)
		}
	}
}
