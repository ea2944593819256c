/**
 * The rubric item the user is at: the last one touched (a tap or keyboard focus inside it), else the first
 * whose box reaches below the sticky bar as the page scrolls. Items carry `data-rubric-item="<id>"`.
 */
import { useEffect, useState } from 'react';

function inView(el: Element, topEdge: number): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom > topEdge + 24 && r.top < window.innerHeight;
}

function firstVisible(topEdge: number): string | null {
  for (const el of document.querySelectorAll<HTMLElement>('[data-rubric-item]')) if (inView(el, topEdge)) return el.dataset.rubricItem ?? null;
  return null;
}

/** `bar` is the sticky element whose bottom edge counts as the top of the visible page. */
export function useItemInView(bar: React.RefObject<HTMLElement | null>): string | null {
  const [item, setItem] = useState<string | null>(null);
  useEffect(() => {
    let frame = 0;
    // The item last tapped or focused stays the one in view while it is on screen.
    let touched: HTMLElement | null = null;
    const measure = () => {
      frame = 0;
      const top = bar.current?.getBoundingClientRect().bottom ?? 0;
      if (touched?.isConnected && inView(touched, top)) return setItem(touched.dataset.rubricItem ?? null);
      touched = null;
      setItem(firstVisible(top));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const onTouch = (e: Event) => {
      const host = (e.target as HTMLElement | null)?.closest?.<HTMLElement>('[data-rubric-item]');
      if (!host?.dataset.rubricItem) return;
      touched = host;
      setItem(host.dataset.rubricItem);
    };
    measure();
    // The items arrive after the bar (the replica is read asynchronously): measure again when the page grows.
    const grown = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    grown?.observe(document.body);
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('focusin', onTouch);
    document.addEventListener('pointerdown', onTouch);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      grown?.disconnect();
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('focusin', onTouch);
      document.removeEventListener('pointerdown', onTouch);
    };
  }, [bar]);
  return item;
}
