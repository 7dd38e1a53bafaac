// On a page the server rendered, the page is there before any script: the app's script (React
// taking the markup over) is asked for once the images in view (the largest paint among them)
// have been painted, so on a slow line they and the stylesheet get the bandwidth first and the
// script's compilation does not hold their paint back. Kept as a file for the CSP (ADR 014).
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the frame that shows the last of them: the next frame's callback, then a task.
  function afterNextPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  var pending = Array.prototype.filter.call(document.querySelectorAll('#root img'), function (image) {
    var box = image.getBoundingClientRect();
    return !image.complete && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
  });
  var waiting = pending.length;
  if (waiting === 0) return afterNextPaint();
  function settled() {
    if (--waiting === 0) afterNextPaint();
  }
  pending.forEach(function (image) {
    image.addEventListener('load', settled, { once: true });
    image.addEventListener('error', settled, { once: true });
  });
  // Images that never finish must not keep the page from working.
  setTimeout(start, 3000);
})();
