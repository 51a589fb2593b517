package parquetdir

import (
	"sync"

	kzstd "github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// pageWindow is the zstd window of a page: pages are cut at parquet-go's
// page buffer size (256 KiB of values), so a window of 512 KiB reaches
// back over any page, as the default window of 8 MiB does, for an
// encoder of a sixteenth of its memory.
const pageWindow = 512 << 10

// pageCodec is parquet-go's zstd codec (its name, its code in the format
// and its decoder) with encoders whose window fits a page. parquet-go's
// encoders keep a history of twice the default window, 16 MiB each, and
// each writer has its own pool of them: 32 of the 116 MB a shard's writers
// held at once, allocated again after every garbage collection. All
// tables share pages' pool, whose encoders take 1 MiB of history.
type pageCodec struct {
	zstd.Codec
	encoders sync.Pool
}

// pages compresses the pages of every table.
var pages = &pageCodec{Codec: zstd.Codec{Level: zstd.SpeedDefault}}

// Encode writes the compressed src to dst, as one zstd frame.
func (c *pageCodec) Encode(dst, src []byte) ([]byte, error) {
	e, _ := c.encoders.Get().(*kzstd.Encoder)
	if e == nil {
		var err error
		e, err = kzstd.NewWriter(nil, kzstd.WithEncoderConcurrency(1), kzstd.WithEncoderLevel(c.Level),
			kzstd.WithWindowSize(pageWindow), kzstd.WithZeroFrames(true), kzstd.WithEncoderCRC(false))
		if err != nil {
			return nil, err
		}
	}
	defer c.encoders.Put(e)
	return e.EncodeAll(src, dst[:0]), nil
}
