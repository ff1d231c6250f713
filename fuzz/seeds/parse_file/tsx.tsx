// Cart widgets for the storefront.
import React, { Component, useEffect, useState } from "react";

/** Props of the cart badge. */
export interface BadgeProps {
  count: number;
  onClick?: () => void;
}

type Theme = "light" | "dark";

/** Default polling interval, in milliseconds. */
const POLL_INTERVAL = 5000;

/**
 * Keeps a counter in sync with the server.
 */
function useCartCount(initial: number): [number, (n: number) => void] {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const id = setInterval(() => setCount((c) => c), POLL_INTERVAL);
    return () => clearInterval(id);
  }, []);
  return [count, setCount];
}

/** A small badge with the number of items. */
export function Badge({ count, onClick }: BadgeProps) {
  const label = count > 99 ? "99+" : String(count);

  function handleKey(event: React.KeyboardEvent) {
    if (event.key === "Enter") onClick?.();
  }

  return (
    <span className="badge" onClick={onClick} onKeyDown={handleKey}>
      {label}
    </span>
  );
}

// Shows the cart contents.
export const CartList = ({ items }: { items: string[] }) => {
  const renderItem = (item: string) => <li key={item}>{item}</li>;
  return <ul>{items.map(renderItem)}</ul>;
};

interface PanelState {
  open: boolean;
  theme: Theme;
}

/** A collapsible panel, kept as a class component. */
export class Panel extends Component<{ title: string }, PanelState> {
  state: PanelState = { open: false, theme: "light" };

  /** Flips the panel open or cl