package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns its exit code and output.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runCLIWith(t, "", args...)
}

// runCLIWith is runCLI with stdin as standard input.
func runCLIWith(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "version")
	if code != 0 || !strings.HasPrefix(out, "towerlog ") {
		t.Fatalf("version: code %d, output %q", code, out)
	}
}

func TestUnknownCommand(t *testing.T) {
	code, _, errOut := runCLI(t, "no-such-command")
	if code != exitUsage || !strings.Contains(errOut, "unknown command") {
		t.Fatalf("unknown command: code %d, stderr %q", code, errOut)
	}
}
