package querylog

import "testing"

func TestProtocolCommand(t *testing.T) {
	for _, tt := range []struct{ digest, sample, want string }{
		{"PREPARE SELECT NAME FROM `items` WHERE `id` = ?", "SELECT name FROM items WHERE id = ?", "PREPARE"},
		{"EXECUTE SELECT NAME FROM `items` WHERE `id` = ?", "SELECT name FROM items WHERE id = ?", "EXECUTE"},
		{"DEALLOCATE SELECT NAME FROM `items` WHERE `id` = ?", "SELECT name FROM items WHERE id = ?", "DEALLOCATE"},
		{"PREPARE `s` FROM ?", "PREPARE s FROM 'SELECT 1'", ""},
		{"EXECUTE `s`", "execute s", ""},
		{"SELECT ?", "SELECT 1", ""},
	} {
		if got := protocolCommand(tt.digest, tt.sample); got != tt.want {
			t.Errorf("protocolCommand(%q, %q) = %q, want %q", tt.digest, tt.sample, got, tt.want)
		}
	}
}
