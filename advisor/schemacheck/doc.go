// Package schemacheck puts an application's schema through a server of the
// target version: it replays a dump or install script on a throwaway server
// as the target's own client runs it (file order, the file's session and
// script statements included; a schema read from a live server by kind,
// with the session settings each object was created with), and asks that
// server what it made of each object and statement (refused, blocked by an
// earlier failure, fails when called or on its next ALTER TABLE, reserved
// names, changed definitions and collations, warnings). It never runs on a
// live server: the connection it is given is a sandbox's.
package schemacheck
