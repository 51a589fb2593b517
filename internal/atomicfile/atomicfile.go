// Package atomicfile writes files so that a reader never sees them half
// written: the data goes to a temporary file in the same directory, which
// is renamed over the target only once every byte is written and the file
// closed without error. Every write, flush and close error is returned.
//
//	err := atomicfile.Write("report.html", func(w io.Writer) error {
//		return report.Render(w)
//	})
//
// A target that exists and is no regular file (a device such as
// /dev/stdout, a named pipe) is written in place instead: it cannot be
// replaced, and must not be.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// perm is the mode of a file created anew; a replaced file keeps its own.
const perm = 0o644

// Write writes the file name with write, atomically. When name exists its
// mode is kept, and when it is a symbolic link the file it points to is
// rewritten. If write or anything after it fails, name is left as it was
// and the temporary file is removed. write's output goes through a
// buffer.
func Write(name string, write func(w io.Writer) error) error {
	return replace(name, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 256<<10)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	})
}

// WriteFile writes data to the file name, atomically, as Write does, in
// one write: no buffer, which a site of a hundred thousand pages would
// allocate for each.
func WriteFile(name string, data []byte) error {
	return replace(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// replace is Write with write given the file itself.
func replace(name string, write func(w io.Writer) error) error {
	target, info, err := resolve(name)
	if err != nil {
		return err
	}
	mode := fs.FileMode(perm)
	if info != nil {
		switch {
		case info.IsDir():
			return fmt.Errorf("%s is a directory", name)
		case !info.Mode().IsRegular():
			return writeInPlace(target, write)
		}
		mode = info.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	if err := writeAll(tmp, name, write); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
}

// resolve follows name's symbolic links; info is nil when the file does
// not exist yet.
func resolve(name string) (string, fs.FileInfo, error) {
	info, err := os.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return name, nil, nil
	}
	if err != nil {
		return "", nil, err
	}
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		return "", nil, err
	}
	return target, info, nil
}

// writeInPlace writes a file that cannot be replaced, such as a device.
func writeInPlace(name string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	return writeAll(f, name, write)
}

// writeAll writes f with write and closes it, returning the first error
// of the writing and the close, as one of the file name.
func writeAll(f *os.File, name string, write func(w io.Writer) error) error {
	err := write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == f.Name() {
		err = pe.Err // the path is the temporary file's: name it instead
	}
	return fmt.Errorf("writing %s: %w", name, err)
}
