package record

// nodes holds the slabs a game's nodes and lists come from: parsing speed
// is mostly allocation, so a game takes a few large arrays rather than one
// allocation a node.
type nodes struct {
	turns       slab[Turn]
	placements  slab[Placement]
	followers   slab[Follower]
	floors      slab[TowerFloor]
	captures    slab[Capture]
	exchanges   slab[Exchange]
	guards      slab[TowerFollower]
	scores      slab[Score]
	tags        slab[Tag]
	notes       slab[Notes]
	comments    slab[Comment]
	clocks      slab[Clock]
	ransoms     slab[Ransom]
	discards    slab[Discard]
	variations  slab[Variation]
	points      slab[int] // lists: Score.Points
	tagList     slab[*Tag]
	mainLine    slab[*Turn]
	varLines    slab[*Turn] // the turns of variations
	commentList slab[*Comment]
	ransomList  slab[*Ransom]
	discardList slab[*Discard]
	varList     slab[*Variation]
}

// reset starts a new game; keep says whether to reuse the arrays.
func (n *nodes) reset(keep bool) {
	n.turns.reset(keep)
	n.placements.reset(keep)
	n.followers.reset(keep)
	n.floors.reset(keep)
	n.captures.reset(keep)
	n.exchanges.reset(keep)
	n.guards.reset(keep)
	n.scores.reset(keep)
	n.tags.reset(keep)
	n.notes.reset(keep)
	n.comments.reset(keep)
	n.clocks.reset(keep)
	n.ransoms.reset(keep)
	n.discards.reset(keep)
	n.variations.reset(keep)
	n.points.reset(keep)
	n.tagList.reset(keep)
	n.mainLine.reset(keep)
	n.varLines.reset(keep)
	n.commentList.reset(keep)
	n.ransomList.reset(keep)
	n.discardList.reset(keep)
	n.varList.reset(keep)
}

// slab hands out nodes (new) and short lists (add) from arrays. The first
// array of a game is sized from the previous game (games of one file tend
// to be alike), later ones double, up to 256 elements so that one node does
// not hold a large array alive. A slab that keeps its memory (for Parser)
// has no such limit, and clears and reuses its array for the next game
// when the whole game fitted in it, so that it soon allocates nothing.
type slab[T any] struct {
	buf        []T
	used, hint int // elements handed out this game; first array's size
	keep       bool
}

func (s *slab[T]) new() *T {
	if len(s.buf) == cap(s.buf) {
		s.grow(1)
	}
	s.used++
	s.buf = s.buf[:len(s.buf)+1]
	return &s.buf[len(s.buf)-1]
}

// add returns list with v appended, list being nil or a list add returned.
// A list in the slab's array has no spare capacity: add moves it to the
// end of the array unless it is there already (as it is when a list's
// items come one after another). A list that other lists' items keep
// interrupting (the variations of a turn, each holding variations) would
// be moved again and again, at a cost of the square of its length: past
// privateList items it moves to an array of its own instead, whose spare
// capacity (cap > len) is its own and grows by doubling.
func (s *slab[T]) add(list []T, v T) []T {
	n := len(list)
	if cap(list) > n {
		return append(list, v)
	}
	atEnd := n > 0 && n <= len(s.buf) && &s.buf[len(s.buf)-n] == &list[0]
	if !atEnd && n >= privateList {
		own := make([]T, n+1, 2*(n+1))
		copy(own, list)
		own[n] = v
		return own
	}
	if !atEnd || len(s.buf) == cap(s.buf) {
		if cap(s.buf)-len(s.buf) < n+1 {
			s.grow(2 * (n + 1)) // room for the list to double where it is
		}
		s.buf = append(s.buf, list...)
		s.used += n
	}
	s.buf = append(s.buf, v)
	s.used++
	end := len(s.buf)
	return s.buf[end-n-1 : end : end]
}

// privateList is the length from which a list that is not at the end of
// the slab's array moves to an array of its own (see add).
const privateList = 8

// list returns a copy of items as a list.
func (s *slab[T]) list(items []T) []T {
	if cap(s.buf)-len(s.buf) < len(items) {
		s.grow(len(items))
	}
	s.buf = append(s.buf, items...)
	s.used += len(items)
	end := len(s.buf)
	return s.buf[end-len(items) : end : end]
}

// grow starts a new array with room for at least n elements.
func (s *slab[T]) grow(n int) {
	size := max(2*cap(s.buf), s.hint, 4)
	if !s.keep {
		size = min(size, 256)
	}
	s.buf = make([]T, 0, max(size, n))
}

// reset starts a new game.
func (s *slab[T]) reset(keep bool) {
	s.keep = keep
	if keep && s.used == len(s.buf) {
		clear(s.buf)
		s.buf, s.used = s.buf[:0], 0
		return
	}
	s.buf, s.hint, s.used = nil, s.used+s.used/16+1, 0
}
