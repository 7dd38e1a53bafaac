// The reader's zoom: a scale on top of the fitted page, with a pan that keeps the point under a
// pinch or the wheel in place and never drags the page's edge inside the stage.

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 5;
/** One press of '+' or '-'. */
export const ZOOM_STEP = 1.25;

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
/** The scale and the offset (CSS px) of the page from the stage's centre. */
export type ZoomView = { zoom: number; pan: Point };

export const UNZOOMED: ZoomView = { zoom: 1, pan: { x: 0, y: 0 } };

export function clampZoom(zoom: number): number {
  return Math.min(Math.max(zoom, MIN_ZOOM), MAX_ZOOM);
}

/** Keeps the zoomed content covering the stage: no pan beyond the content's edges. */
export function clampPan(pan: Point, content: Size, stage: Size, zoom: number): Point {
  const limitX = Math.max(0, (content.width * zoom - stage.width) / 2);
  const limitY = Math.max(0, (content.height * zoom - stage.height) / 2);
  const clamp = (value: number, limit: number) => Math.min(Math.max(value, -limit), limit);
  return { x: clamp(pan.x, limitX), y: clamp(pan.y, limitY) };
}

/** A view within bounds: back at zoom 1 the page is centred again. */
export function settleView(view: ZoomView, content: Size, stage: Size): ZoomView {
  const zoom = clampZoom(view.zoom);
  return zoom === 1 ? UNZOOMED : { zoom, pan: clampPan(view.pan, content, stage, zoom) };
}

/**
 * Zooms to `zoom` around `focus` (relative to the stage's centre, where the page is centred and
 * scaled from): the point under the focus stays there.
 */
export function zoomAround(view: ZoomView, zoom: number, focus: Point, content: Size, stage: Size): ZoomView {
  const to = clampZoom(zoom);
  const ratio = to / view.zoom;
  const pan = { x: focus.x - (focus.x - view.pan.x) * ratio, y: focus.y - (focus.y - view.pan.y) * ratio };
  return settleView({ zoom: to, pan }, content, stage);
}

/** Zooms around the stage's centre (the keys and buttons); the stage keeps the pan in bounds. */
export function zoomByStep(view: ZoomView, factor: number): ZoomView {
  const zoom = clampZoom(view.zoom * factor);
  if (zoom === 1) return UNZOOMED;
  const ratio = zoom / view.zoom;
  return { zoom, pan: { x: view.pan.x * ratio, y: view.pan.y * ratio } };
}
