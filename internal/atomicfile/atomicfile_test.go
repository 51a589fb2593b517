package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// leftovers lists the files of dir other than want.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if !strings.Contains(strings.Join(want, "\n"), e.Name()) {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestWriteFile(t *testing.T) {
	t.Run("New", func(t *testing.T) {
		dir := t.TempDir()
		name := filepath.Join(dir, "a.txt")
		if err := WriteFile(name, []byte("hello\n")); err != nil {
			t.Fatal(err)
		}
		if got := read(t, name); got != "hello\n" {
			t.Errorf("content %q", got)
		}
		if l := leftovers(t, dir, "a.txt"); len(l) > 0 {
			t.Errorf("left behind: %v", l)
		}
	})
	t.Run("KeepsMode", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("Windows files have no Unix permission bits to keep")
		}
		name := filepath.Join(t.TempDir(), "a.txt")
		if err := os.WriteFile(name, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(name, []byte("new")); err != nil {
			t.Fatal(err)
		}
		info, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o600 || read(t, name) != "new" {
			t.Errorf("mode %v, content %q; want -rw------- and new", info.Mode().Perm(), read(t, name))
		}
	})
	t.Run("FollowsLink", func(t *testing.T) {
		dir := t.TempDir()
		real, link := filepath.Join(dir, "real.txt"), filepath.Join(dir, "link.txt")
		if err := os.WriteFile(real, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("real.txt", link); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
		if err := WriteFile(link, []byte("new")); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link is no longer a link: %v", err)
		}
		if got := read(t, real); got != "new" {
			t.Errorf("the linked file holds %q", got)
		}
	})
	t.Run("Directory", func(t *testing.T) {
		dir := t.TempDir()
		if err := WriteFile(dir, []byte("x")); err == nil || !strings.Contains(err.Error(), "is a directory") {
			t.Errorf("err = %v", err)
		}
	})
}

func TestWriteFailureKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(name, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(name, func(w io.Writer) error {
		if _, err := io.WriteString(w, "half"); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), name) {
		t.Errorf("err = %v, want boom naming %s", err, name)
	}
	if got := read(t, name); got != "old" {
		t.Errorf("content %q, want the old one", got)
	}
	if l := leftovers(t, dir, "a.txt"); len(l) > 0 {
		t.Errorf("left behind: %v", l)
	}
}

// TestWriteFullDevice writes into /dev/full, which refuses every byte: the
// error must surface (from the flush or the close), and the device must
// stay a device rather than be replaced by a renamed file.
func TestWriteFullDevice(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/dev/full is a Linux device")
	}
	err := WriteFile("/dev/full", []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "no space left") {
		t.Errorf("err = %v, want no space left on device", err)
	}
	if fi, err := os.Stat("/dev/full"); err != nil || fi.Mode()&os.ModeDevice == 0 {
		t.Fatalf("/dev/full is no longer a device: %v", err)
	}
}
