package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// promptPassword asks for the password on the terminal without echo, as the
// mysql client does for a bare -p.
func promptPassword(c *cli.Context) (string, error) {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return "", fmt.Errorf("-p without a value asks for the password, but there is no terminal: use MYSQL_PWD or an option file ([client] password=...)")
	}
	defer tty.Close()
	fmt.Fprint(tty, "Enter password: ")
	pw, err := term.ReadPassword(int(tty.Fd()))
	fmt.Fprintln(tty)
	if err != nil {
		return "", fmt.Errorf("reading the password: %w", err)
	}
	return string(pw), nil
}
