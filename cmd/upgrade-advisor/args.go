package main

import "strings"

// attachedShortFlags are the mysql client's short options that take their
// value attached (-uroot, -P3307, -hdb1, -S/tmp/x.sock, -pSECRET).
var attachedShortFlags = map[byte]string{'u': "user", 'P': "port", 'h': "host", 'S': "socket", 'p': "password"}

// normalizeArgs rewrites the mysql client's argument forms into what the flag
// parser understands: "-uroot" -> "--user=root"; a bare "-p" or "--password"
// (no value) -> "--password-prompt", which asks for it without echo. Nothing
// after "--" is touched.
func normalizeArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		switch {
		case a == "--":
			return append(out, args[i:]...)
		case a == "-p" || a == "--password":
			out = append(out, "--password-prompt")
		case len(a) > 2 && a[0] == '-' && a[1] != '-' && attachedShortFlags[a[1]] != "":
			out = append(out, "--"+attachedShortFlags[a[1]]+"="+strings.TrimPrefix(a[2:], "="))
		default:
			out = append(out, a)
		}
	}
	return out
}
