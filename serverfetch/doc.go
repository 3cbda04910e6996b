// Package serverfetch fetches the database servers a rehearsal or a check
// runs, by name, into a cache of unpacked roots, verifying everything it
// downloads before anything is unpacked, and installing nothing into the
// system.
//
// Two sources:
//   - Debian's archive, without apt: the suite's InRelease is checked
//     against the Debian archive keys (an OpenPGP keyring file, see below), the
//     Packages index against the SHA256 InRelease gives, each .deb against
//     the SHA256 the index gives. The server's packages and their libraries,
//     resolved in the same suite, are unpacked in Go (ar, then data.tar.xz,
//     .gz or plain) into one root that carries its own dynamic loader, so it
//     runs on any Linux of the same architecture (see sandbox's package
//     roots).
//   - An official tarball, a path or a URL, checked against the SHA256 the
//     user gives and unpacked as it is.
//
// The archive keys are those of Options.Keyring (--keyring), else of the
// system's keyring (DebianKeyring) when there is one, else bootstrapped from
// the archive itself: the tool carries only the fingerprints of the archive
// signing keys of Debian 11, 12 and 13 (keys.go), takes the keys from the
// suite's debian-archive-keyring package and keeps those whose primary
// fingerprint it carries; InRelease must verify with them, the Packages
// index match the verified InRelease and the keyring package the verified
// index, or the fetch is refused and the downloads removed. The keys kept
// are cached (keyringCache) for the next fetch, and the suite's keyring
// package is fetched again only when they do not verify a suite's InRelease.
//
// The cache is a directory of roots, one per name (DefaultDir); each root
// holds a marker written last (complete when it is there) and a record of
// where it came from. A second fetch of a complete root downloads nothing.
package serverfetch
