package serverfetch

// The Debian archive's signing keys the tool trusts when the system has no
// keyring of them: their primary keys' fingerprints, as
// /usr/share/keyrings/debian-archive-keyring.gpg (debian-archive-keyring
// 2023.3+deb12u2) holds them. The keys themselves come from the archive's own
// debian-archive-keyring package (see bootstrap.go); only those whose
// fingerprint is here are kept.
const (
	fprBullseyeArchive  = "1F89983E0081FDE018F3CC9673A4F27B8DD47936" // Debian Archive Automatic Signing Key (11/bullseye)
	fprBullseyeSecurity = "AC530D520F2F3269F5E98313A48449044AAD5C5D" // Debian Security Archive Automatic Signing Key (11/bullseye)
	fprBullseyeStable   = "A4285295FC7B1A81600062A9605C66F00D6C9793" // Debian Stable Release Key (11/bullseye)
	fprBookwormArchive  = "B8B80B5B623EAB6AD8775C45B7C5D7D6350947F8" // Debian Archive Automatic Signing Key (12/bookworm)
	fprBookwormSecurity = "05AB90340C0C5E797F44A8C8254CF3B5AEC0A8F0" // Debian Security Archive Automatic Signing Key (12/bookworm)
	fprBookwormStable   = "4D64FEC119C2029067D6E791F8D2585B8783D481" // Debian Stable Release Key (12/bookworm)
	fprTrixieArchive    = "04B54C3CDCA79751B16BC6B5225629DF75B188BD" // Debian Archive Automatic Signing Key (13/trixie)
	fprTrixieSecurity   = "5E04A1E3223A19A20706E20F9904613D4CCE68C6" // Debian Security Archive Automatic Signing Key (13/trixie)
	fprTrixieStable     = "41587F7DB8C774BCCF131416762F67A0B2C39DE4" // Debian Stable Release Key (13/trixie)
)

// carriedFingerprints are the keys a bootstrapped keyring may hold; a
// variable so that tests can carry their own archive's key instead.
var carriedFingerprints = []string{
	fprBullseyeArchive, fprBullseyeSecurity, fprBullseyeStable,
	fprBookwormArchive, fprBookwormSecurity, fprBookwormStable,
	fprTrixieArchive, fprTrixieSecurity, fprTrixieStable,
}

// systemKeyring is the keyring used when the user names none: DebianKeyring,
// a variable so that tests can point it where there is none.
var systemKeyring = DebianKeyring
