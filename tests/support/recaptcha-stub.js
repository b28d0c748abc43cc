// Stands in for Google's reCAPTCHA script (https://www.google.com/recaptcha/api.js), which cannot
// load on this machine: tests/support/fixtures.ts answers the script's address with this file in
// every end-to-end test. It is the part of `grecaptcha` the portal uses
// (src/lib/captcha/recaptcha-loader.ts: ready, render, reset), and it renders what a person finds
// in Google's widget: a checkbox 'I'm not a robot'. Ticking it hands the portal a token (the mock
// gateway accepts any), unticking it expires the token. The widget keeps the site key it was
// rendered with (data-sitekey), so a test can tell which configuration the page runs with.
// Nothing of it is in the build: the portal always loads Google's own script.
(() => {
  const boxes = new Map();
  let next = 0;
  window.grecaptcha = {
    ready(callback) {
      callback();
    },
    render(container, parameters) {
      const id = next;
      next += 1;
      // Google's widget is a box of 304 x 78 px, whatever room it is given.
      const widget = document.createElement('div');
      widget.style.width = '304px';
      widget.style.height = '78px';
      widget.dataset.sitekey = parameters.sitekey;
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.id = `recaptcha-stub-${id}`;
      const label = document.createElement('label');
      label.htmlFor = box.id;
      label.textContent = "I'm not a robot";
      box.addEventListener('change', () => (box.checked ? parameters.callback('test-captcha-token') : parameters['expired-callback']()));
      widget.append(box, label);
      container.append(widget);
      boxes.set(id, box);
      return id;
    },
    reset(id) {
      const box = boxes.get(id);
      if (box) box.checked = false;
    },
  };
})();
