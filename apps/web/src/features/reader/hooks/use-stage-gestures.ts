// The page stage's pointer gestures: a tap on the outer thirds turns (the middle shows or hides
// the bars), a horizontal swipe turns when the page is not zoomed, two pointers pinch-zoom, one
// pointer drags a zoomed page around, and Ctrl + wheel (a trackpad's pinch too) zooms. Gestures
// starting on a control (a button or link on the stage) are the control's.
import { useEffect, useRef, type MouseEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

import { settleView, zoomAround, type Point, type Size, type ZoomView } from '../utils/zoom';

export type TapZone = 'left' | 'middle' | 'right';

/** A horizontal move at least this long (px), and clearly more horizontal than vertical, turns. */
export const SWIPE_MIN_PX = 50;
/** A pointer that moved more than this (px) made a drag, not a tap. */
const TAP_SLOP_PX = 8;

const CONTROLS = 'a[href], button, input, select, textarea, [role="button"]';

type Gesture =
  | { kind: 'one'; pointerId: number; start: Point; startPan: Point; moved: boolean }
  | { kind: 'pinch'; startDistance: number; startView: ZoomView; startMid: Point };

type StageGestureOptions = {
  stageRef: RefObject<HTMLElement | null>;
  /** The drawn content's size at zoom 1: a pan never goes past its edges. */
  content: Size | null;
  view: ZoomView;
  setView: (update: (view: ZoomView) => ZoomView) => void;
  onTap: (zone: TapZone) => void;
  /** 'left': the finger moved towards the left (the page on the right comes in). */
  onSwipe: (towards: 'left' | 'right') => void;
};

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

function stageBox(stage: HTMLElement): { size: Size; centre: Point } {
  const rect = stage.getBoundingClientRect();
  return {
    size: { width: stage.clientWidth, height: stage.clientHeight },
    centre: { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 },
  };
}

export function useStageGestures({ stageRef, content, view, setView, onTap, onSwipe }: StageGestureOptions) {
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  // A drag, swipe or pinch ends in a click event too: that click is not a tap.
  const swallowClick = useRef(false);

  /** Applies a change to the view within the stage's bounds (nothing before the stage is measured). */
  function update(change: (view: ZoomView, stage: { size: Size; centre: Point }, content: Size) => ZoomView) {
    const stage = stageRef.current;
    if (!stage || !content) return;
    const box = stageBox(stage);
    setView((current) => change(current, box, content));
  }

  function onPointerDown(event: ReactPointerEvent<HTMLElement>) {
    if (event.button !== 0 || (event.target as Element).closest(CONTROLS)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const [first, second] = [...pointers.current.values()];
    if (pointers.current.size === 2 && first && second) {
      gesture.current = {
        kind: 'pinch',
        startDistance: Math.max(distance(first, second), 1),
        startView: view,
        startMid: middle(first, second),
      };
      swallowClick.current = true;
    } else if (pointers.current.size === 1) {
      gesture.current = { kind: 'one', pointerId: event.pointerId, start: point, startPan: view.pan, moved: false };
      swallowClick.current = false;
    }
  }

  function onPointerMove(event: ReactPointerEvent<HTMLElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const current = gesture.current;
    if (current?.kind === 'pinch') {
      const [first, second] = [...pointers.current.values()];
      if (!first || !second) return;
      const mid = middle(first, second);
      const zoom = (current.startView.zoom * distance(first, second)) / current.startDistance;
      update((_view, stage, size) => {
        const focus = { x: current.startMid.x - stage.centre.x, y: current.startMid.y - stage.centre.y };
        const zoomed = zoomAround(current.startView, zoom, focus, size, stage.size);
        // The fingers' midpoint moving drags the page along.
        const pan = { x: zoomed.pan.x + mid.x - current.startMid.x, y: zoomed.pan.y + mid.y - current.startMid.y };
        return settleView({ zoom: zoomed.zoom, pan }, size, stage.size);
      });
      return;
    }
    if (current?.kind !== 'one' || current.pointerId !== event.pointerId) return;
    const dx = point.x - current.start.x;
    const dy = point.y - current.start.y;
    if (!current.moved && Math.hypot(dx, dy) > TAP_SLOP_PX) {
      current.moved = true;
      swallowClick.current = true;
      // Only now: capturing at once would take a plain click away from what it landed on.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    if (current.moved && view.zoom > 1) {
      const pan = { x: current.startPan.x + dx, y: current.startPan.y + dy };
      update((v, stage, size) => settleView({ zoom: v.zoom, pan }, size, stage.size));
    }
  }

  function onPointerEnd(event: ReactPointerEvent<HTMLElement>) {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (current?.kind === 'pinch') {
      // Lifting one finger of two ends the pinch; the other does not start a drag.
      if (pointers.current.size === 0) gesture.current = null;
      return;
    }
    gesture.current = null;
    if (current?.kind !== 'one' || event.type === 'pointercancel' || view.zoom > 1) return;
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) onSwipe(dx < 0 ? 'left' : 'right');
  }

  function onClick(event: MouseEvent<HTMLElement>) {
    if (swallowClick.current) {
      swallowClick.current = false;
      return;
    }
    if ((event.target as Element).closest(CONTROLS)) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - rect.left) / rect.width;
    onTap(x < 1 / 3 ? 'left' : x > 2 / 3 ? 'right' : 'middle');
  }

  // Ctrl + wheel zooms (and the wheel pans a zoomed page): only a listener that is not passive
  // may keep the browser from zooming the whole page instead.
  const zoomed = view.zoom > 1;
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || !content) return;
    function onWheel(event: WheelEvent) {
      if (!event.ctrlKey && !zoomed) return;
      event.preventDefault();
      const box = stageBox(stage!);
      const size = content!;
      if (event.ctrlKey) {
        const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0025));
        const focus = { x: event.clientX - box.centre.x, y: event.clientY - box.centre.y };
        setView((v) => zoomAround(v, v.zoom * factor, focus, size, box.size));
      } else {
        setView((v) =>
          settleView({ zoom: v.zoom, pan: { x: v.pan.x - event.deltaX, y: v.pan.y - event.deltaY } }, size, box.size),
        );
      }
    }
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [stageRef, content, zoomed, setView]);

  return { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onClick };
}
