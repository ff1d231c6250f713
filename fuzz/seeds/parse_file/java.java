package com.example.store;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

/**
 * An in-memory inventory of items.
 */
public class Inventory {
    /** Maximum number of items. */
    public static final int MAX_ITEMS = 100;

    private final List<Item> items = new ArrayList<>();
    private int version;
    static final String NAME = "inventory";

    /**
     * Creates an empty inventory.
     */
    public Inventory() {
        this.version = 0;
    }

    public Inventory(List<Item> initial) {
        items.addAll(initial);
    }

    /** Adds an item. */
    public void add(Item item) {
        items.add(item);
        version++;
    }

    @Override
    public String toString() {
        return "Inventory(" + items.size() + ")";
    }

    /**
     * Returns a new empty inventory.
     */
    @Deprecated
    @SuppressWarnings("unchecked")
    public static Inventory empty() {
        return new Inventory();
    }

    /** A static nested entry. */
    static class Entry {
        int count;

        Entry(int count) {
            this.count = count;
        }
    }

    /** An inner view over the items. */
    class View {
        int size() {
            return items.size();
        }
    }

    public Runnable listener() {
        return new Runnable() {
            @Override
            public void run() {
                version++;
            }
        };
    }

    @Test
    public void addsItems() {
        add(new Item("a", 1));
    