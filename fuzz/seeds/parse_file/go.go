// Package store keeps items in memory.
package store

import (
	"errors"
	"testing"
)

// MaxItems bounds the size of a Store.
const MaxItems = 100

// Status values.
const (
	// StatusOpen is the initial status.
	StatusOpen Status = iota
	StatusClosed
)

var ErrFull = errors.New("store full")

var (
	defaultLimit = 10
	lo, hi       int
)

// Store holds items by key.
type Store struct {
	items map[string]Item
	limit int
}

// Item is one stored value.
type Item interface {
	// Key identifies the item.
	Key() string
	Size() int
}

type (
	// Status of a store.
	Status int

	// Handler reacts to a change.
	Handler func(key string) error

	// Pair holds two values.
	Pair[K comparable, V any] struct {
		Key   K
		Value V
	}
)

// Alias is another name for Store.
type Alias = Store

// New returns an empty store.
func New(limit int) *Store {
	return &Store{items: map[string]Item{}, limit: limit}
}

// Put stores an item.
func (s *Store) Put(it Item) error {
	if len(s.items) >= s.limit {
		return ErrFull
	}
	s.items[it.Key()] = it
	return nil
}

// Len counts the items.
func (s Store) Len() int {
	return len(s.items)
}

// Swap returns the pair reversed.
func (p Pair[K, V]) Swap() Pair[K, V] {
	return p
}

// Reset clears the pair.
func (p *Pair[K, V]) Reset() {
	var zero Pair[K, V]
	*p = zero
}

// Map applies f to every element
// and returns the results in order.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(