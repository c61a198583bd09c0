//go:build linux

package harness

import (
	"os/exec"
	"syscall"
	"testing"
	"time"
)

func TestKillStraysKillsProcessesInTheRun(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("sleep", "300")
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // escapes any group kill
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	other := exec.Command("sleep", "300") // not in the run: must survive
	other.Dir = t.TempDir()
	if err := other.Start(); err != nil {
		t.Skip(err)
	}
	defer func() { other.Process.Kill(); other.Wait() }()

	if n := killStrays(dir); n != 1 {
		t.Errorf("killStrays killed %d processes, want 1", n)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the stray process is still running")
	}
	if err := other.Process.Signal(syscall.Signal(0)); err != nil {
		t.Errorf("a process outside the run was killed: %v", err)
	}
}
