package engine

import "testing"

func TestRotationFromDegrees(t *testing.T) {
	for d := -1000; d <= 1000; d++ {
		r, ok := RotationFromDegrees(d)
		want := d == 0 || d == 90 || d == 180 || d == 270
		if ok != want || ok && r.Degrees() != d || !ok && r != 0 {
			t.Errorf("RotationFromDegrees(%d) = %v, %v", d, r, ok)
		}
	}
	for _, d := range []int{-1 << 62, 1<<62 + 90, 90 + 90*(1<<56)} {
		if _, ok := RotationFromDegrees(d); ok {
			t.Errorf("RotationFromDegrees(%d) is a rotation", d)
		}
	}
}
