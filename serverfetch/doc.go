// Package serverfetch fetches the database servers a rehearsal or a check
// runs, by name, into a cache of unpacked roots, verifying everything it
// downloads before anything is unpacked, and installing nothing into the
// system.
//
// Two sources:
//   - Debian's archive, without apt: the suite's InRelease is checked
//     against the Debian archive keys (an OpenPGP keyring file), the
//     Packages index against the SHA256 InRelease gives, each .deb against
//     the SHA256 the index gives. The server's packages and their libraries,
//     resolved in the same suite, are unpacked in Go (ar, then data.tar.xz,
//     .gz or plain) into one root that carries its own dynamic loader, so it
//     runs on any Linux of the same architecture (see sandbox's package
//     roots).
//   - An official tarball, a path or a URL, checked against the SHA256 the
//     user gives and unpacked as it is.
//
// The cache is a directory of roots, one per name (DefaultDir); each root
// holds a marker written last (complete when it is there) and a record of
// where it came from. A second fetch of a complete root downloads nothing.
package serverfetch
