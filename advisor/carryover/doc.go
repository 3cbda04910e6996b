// Package carryover carries today's settings to a server of another version
// or vendor, as the rehearsal does: which options the target refuses or
// ignores (dropped, with what replaces them), which it knows under another
// name (translated), which values it no longer accepts (flagged), which
// paths and ports belong to this machine, the memory a sandbox caps, and
// which of today's DDL behaviours to pin on the target. Pure: it asks the
// knowledge base and the rules, and runs nothing.
package carryover
