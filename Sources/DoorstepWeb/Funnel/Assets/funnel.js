// Doorstep web funnel: enhancements only. Every page works without this file; with it, code boxes
// advance and take a pasted code, countdowns tick, carousels swipe, narration fades in word by
// word, steppers and quick answers work in place, and voice answers use speech recognition.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var reducedMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function ready(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  ready(function () {
    var form = document.querySelector("form.screen");
    if (!form) return;

    // The browser's time zone goes with every form, so "today" and "now" for dates are the person's.
    try {
      var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone) {
        var tz = document.createElement("input");
        tz.type = "hidden";
        tz.name = "_tz";
        tz.value = zone;
        form.appendChild(tz);
      }
    } catch (error) {}

    // The flow's address names the screen shown, as every page after the first does, so the
    // browser's Back to the first page goes back to its screen rather than resuming the walk.
    var shown = document.body.dataset.screen;
    if (shown && window.history.replaceState && !/[?&]at=/.test(location.search)) {
      var address = new URL(location.href);
      address.searchParams.set("at", shown);
      address.searchParams.delete("lang");
      history.replaceState(history.state, "", address.pathname + address.search + address.hash);
    }

    // Focus the first field with a problem, so it is announced and can be fixed at once.
    var invalid = form.querySelector("[aria-invalid=true]");
    if (invalid) invalid.focus();

    puzzle(form);

    // Buttons show their loading title while the form is sent, and the form is sent once.
    var sending = false;
    var busy = null;
    form.addEventListener("submit", function (event) {
      if (sending) { event.preventDefault(); return; }
      sending = true;
      var button = event.submitter;
      if (button && button.dataset.loading) {
        busy = { button: button, title: button.textContent };
        button.textContent = button.dataset.loading;
        button.setAttribute("aria-busy", "true");
      }
    });
    // A page the browser's Back (or Forward) brings back from its cache was left mid-send: it is
    // ready to send again, its busy button back to its own title.
    window.addEventListener("pageshow", function (event) {
      if (!event.persisted) return;
      sending = false;
      if (busy) {
        busy.button.textContent = busy.title;
        busy.button.removeAttribute("aria-busy");
        busy = null;
      }
    });

    codeEntry(form);
    requirements(form);
    fieldChecks(form);
    countdowns(form);
    timers(form);
    carousel(form);
    narration(form);
    steppers(form);
    pills(form);
    strength(form);
    reveals(form);
    voice(form);
    avatarPreview(form);
    passkeys(form);
  });

  // On /account, "Add a passkey" appears only where the browser can make passkeys. Sending the form
  // asks the server for creation options, runs the ceremony and sends the form with its result. When
  // there are no options (the change needs a recent sign-in first) the form goes as it is, and the page
  // asks the person to confirm who they are; a cancelled ceremony leaves the page as it was.
  ready(function () {
    var form = document.querySelector("form[data-account-passkey]");
    var credentials = window.PublicKeyCredential;
    if (!form || !credentials || !credentials.parseCreationOptionsFromJSON || !navigator.credentials) return;
    var field = form.elements._passkey;
    form.querySelector("button").hidden = false;
    var note = form.querySelector("[data-passkey-note]");
    if (note) note.hidden = true;
    form.addEventListener("submit", function (event) {
      if (field.value) return;
      event.preventDefault();
      var body = new URLSearchParams({ _csrf: form.elements._csrf.value, ceremony: "create" });
      fetch("/account/passkeys/options", { method: "POST", body: body, credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) { form.submit(); return null; }
          return response.json().then(function (options) {
            return navigator.credentials.create({ publicKey: credentials.parseCreationOptionsFromJSON(options) });
          });
        })
        .then(function (credential) {
          if (!credential) return;
          field.value = JSON.stringify(credential.toJSON());
          form.submit();
        })
        .catch(function () {});
    });
  });

  // Passkey buttons appear only where the browser can make and use passkeys with WebAuthn's JSON
  // helpers. A tap asks the server for options, runs the ceremony, and sends the form with its result;
  // a cancelled or refused ceremony leaves the person where they were, free to choose another way.
  function passkeys(form) {
    var buttons = form.querySelectorAll("button[data-passkey]");
    var credentials = window.PublicKeyCredential;
    if (!buttons.length || !credentials || !credentials.parseCreationOptionsFromJSON ||
        !credentials.parseRequestOptionsFromJSON || !navigator.credentials) return;
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = "_passkey";
    form.appendChild(field);
    buttons.forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function (event) {
        if (field.value) return;
        event.preventDefault();
        var ceremony = button.dataset.passkey;
        var body = new URLSearchParams({ _csrf: form.elements._csrf.value, ceremony: ceremony });
        fetch(form.getAttribute("action") + "/passkeys/options", { method: "POST", body: body, credentials: "same-origin" })
          .then(function (response) {
            if (!response.ok) throw new Error("no options");
            return response.json();
          })
          .then(function (options) {
            return ceremony === "create"
              ? navigator.credentials.create({ publicKey: credentials.parseCreationOptionsFromJSON(options) })
              : navigator.credentials.get({ publicKey: credentials.parseRequestOptionsFromJSON(options) });
          })
          .then(function (credential) {
            if (!credential) return;
            field.value = JSON.stringify(credential.toJSON());
            form.requestSubmit(button);
          })
          .catch(function () {});
      });
    });
  }

  // A primary button stays disabled until the answers it needs (data-requires) are complete, as the
  // engine keeps it in the app: filled in, of the right form, a confirmation equal to its password,
  // every code box filled. The server checks everything again; this only spares a round trip.
  function requirements(form) {
    var buttons = form.querySelectorAll("button[data-requires]");
    if (!buttons.length) return;
    function complete(name) {
      var inputs = Array.prototype.filter.call(form.elements, function (element) {
        return element.name === name && element.type !== "hidden";
      });
      if (!inputs.length || inputs[0].type === "file") return true;
      if (inputs[0].type === "checkbox" || inputs[0].type === "radio") {
        return inputs.some(function (input) { return input.checked; });
      }
      var value = inputs.map(function (input) { return input.value; }).join("");
      if (!value.trim()) return false;
      if (inputs[0].closest("[data-code-entry]")) return /^[0-9]+$/.test(value) && value.length >= inputs.length;
      if (inputs.length > 1) return true;
      var input = inputs[0];
      var original = input.dataset.matches && document.getElementById(input.dataset.matches);
      var longEnough = !input.minLength || input.minLength < 0 || value.length >= input.minLength;
      return input.checkValidity() && longEnough && (!original || original.value === value);
    }
    function update() {
      buttons.forEach(function (button) {
        if (button.dataset.countdown) return;
        button.disabled = !button.dataset.requires.split(" ").every(complete);
      });
    }
    update();
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    // Quick answers and steppers change values from script after a click, without input events.
    form.addEventListener("click", function () { setTimeout(update, 0); });
  }

  // A filled answer of the wrong form says why once the person leaves the field or stops typing for
  // a moment (the engine's words, carried in data-message-*), so a disabled button is never a
  // riddle; the message goes as soon as the answer is right. An empty field left says nothing.
  var typingPause = 1500;
  function fieldChecks(form) {
    form.querySelectorAll("input[data-error-id]").forEach(function (input) {
      var timer = null;
      function problem() {
        var value = input.value;
        if (!value.trim()) return null;
        var original = input.dataset.matches && document.getElementById(input.dataset.matches);
        if (original && original.value !== value) return input.dataset.messageMismatch || null;
        if (input.minLength > 0 && value.length < input.minLength) return input.dataset.messageShort || null;
        if (input.validity.rangeOverflow) return input.dataset.messageLate || null;
        if (input.validity.rangeUnderflow) return input.dataset.messageEarly || null;
        if (!input.checkValidity()) return input.dataset.messageForm || null;
        return null;
      }
      function show(message) {
        var id = input.dataset.errorId;
        var line = document.getElementById(id);
        var wrapper = input.closest(".field");
        if (!message) {
          if (line) line.remove();
          input.removeAttribute("aria-invalid");
          if (wrapper) wrapper.classList.remove("has-error");
          return;
        }
        if (!line) {
          line = document.createElement("p");
          line.id = id;
          line.className = "field-error role-caption";
          line.setAttribute("role", "alert");
          var after = input.closest(".input-with-symbol, .input-with-reveal") || input;
          after.insertAdjacentElement("afterend", line);
          var described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
          if (described.indexOf(id) < 0) input.setAttribute("aria-describedby", described.concat(id).join(" "));
        }
        if (line.textContent !== message) line.textContent = message;
        input.setAttribute("aria-invalid", "true");
        if (wrapper) wrapper.classList.add("has-error");
      }
      // Leaving says what is wrong; it never takes away a message the server gave for this answer.
      input.addEventListener("blur", function () {
        clearTimeout(timer);
        var message = problem();
        if (message) show(message);
      });
      input.addEventListener("input", function () {
        clearTimeout(timer);
        // Typing clears a message the answer no longer deserves at once; a new one waits for a pause.
        if (!problem()) show(null);
        timer = setTimeout(function () {
          var message = problem();
          if (message) show(message);
        }, typingPause);
      });
    });
  }

  // Shows the chosen photo in the circle before it is sent (as a data URL: the page allows no blobs),
  // its badge turned from plus to pencil. "Add Photo" with no photo chosen opens the picker, and the
  // photo picked is sent with it.
  function avatarPreview(form) {
    form.querySelectorAll("input[type=file]").forEach(function (input) {
      var circle = form.querySelector("[data-avatar-preview][for='" + input.id + "']");
      if (!circle) return;
      var wrapper = input.closest(".avatar");
      var adding = form.querySelector("button[data-picks-image]");
      var waiting = false;
      if (adding) {
        adding.addEventListener("click", function (event) {
          if (input.files && input.files.length) return;
          event.preventDefault();
          waiting = true;
          input.click();
        });
      }
      input.addEventListener("change", function () {
        var file = input.files && input.files[0];
        if (!file) return;
        if (wrapper) wrapper.classList.add("has-photo");
        if (window.FileReader) {
          var reader = new FileReader();
          reader.onload = function () {
            var image = circle.querySelector("img") || document.createElement("img");
            image.alt = "";
            image.src = reader.result;
            var empty = circle.querySelector(".avatar-empty");
            if (empty) circle.replaceChild(image, empty);
          };
          reader.readAsDataURL(file);
        }
        if (waiting && adding) {
          waiting = false;
          form.requestSubmit(adding);
        }
      });
    });
  }

  function codeEntry(form) {
    form.querySelectorAll("[data-code-entry]").forEach(function (group) {
      var boxes = Array.prototype.slice.call(group.querySelectorAll(".code-box"));
      boxes.forEach(function (box) { box.setAttribute("maxlength", "1"); });
      function spread(from, text) {
        var digits = text.replace(/\D/g, "").split("");
        for (var i = from; i < boxes.length && digits.length; i++) boxes[i].value = digits.shift();
        var next = boxes.find(function (box) { return box.value === ""; });
        (next || boxes[boxes.length - 1]).focus();
        // Boxes filled from script send no input event of their own: the buttons that wait for a
        // whole code hear of it here.
        group.dispatchEvent(new Event("input", { bubbles: true }));
      }
      boxes.forEach(function (box, index) {
        box.addEventListener("focus", function () { box.select(); });
        box.addEventListener("input", function () {
          var text = box.value;
          if (text.replace(/\D/g, "").length > 1) { box.value = ""; spread(index, text); return; }
          box.value = text.replace(/\D/g, "");
          if (box.value && index < boxes.length - 1) boxes[index + 1].focus();
        });
        box.addEventListener("keydown", function (event) {
          if (event.key === "Backspace" && box.value === "" && index > 0) {
            boxes[index - 1].value = "";
            boxes[index - 1].focus();
            event.preventDefault();
          }
        });
        box.addEventListener("paste", function (event) {
          var text = (event.clipboardData || window.clipboardData).getData("text");
          event.preventDefault();
          spread(index, text);
        });
      });
    });
  }

  function countdowns(form) {
    form.querySelectorAll("[data-countdown]").forEach(function (button) {
      var left = parseInt(button.dataset.countdown, 10);
      var title = button.dataset.title;
      var waiting = button.dataset.waiting || title + " in {seconds}s";
      var timer = setInterval(function () {
        left -= 1;
        if (left <= 0) {
          clearInterval(timer);
          button.disabled = false;
          button.textContent = title;
        } else {
          button.textContent = waiting.replace("{seconds}", left);
        }
      }, 1000);
    });
  }

  function timers(form) {
    form.querySelectorAll("[data-timer]").forEach(function (button) {
      var seconds = parseFloat(button.dataset.timer) || 0;
      setTimeout(function () {
        if (form.requestSubmit) form.requestSubmit(button); else button.click();
      }, seconds * 1000);
    });
  }

  function carousel(form) {
    var controls = form.querySelector("[data-carousel]");
    if (!controls) return;
    var startX = null;
    document.addEventListener("touchstart", function (event) { startX = event.touches[0].clientX; }, { passive: true });
    document.addEventListener("touchend", function (event) {
      if (startX === null) return;
      var dx = event.changedTouches[0].clientX - startX;
      startX = null;
      if (Math.abs(dx) < 50) return;
      // Pages lie in reading order: right to left, the next one is on the left.
      if (document.dir === "rtl") dx = -dx;
      var button = controls.querySelector(dx < 0 ? "[data-swipe=next]" : "[data-swipe=previous]");
      if (button) button.click();
    });
    document.addEventListener("keydown", function (event) {
      if (event.target !== document.body) return;
      var forward = document.dir === "rtl" ? "ArrowLeft" : "ArrowRight";
      var backward = document.dir === "rtl" ? "ArrowRight" : "ArrowLeft";
      var button = controls.querySelector(event.key === forward ? "[data-swipe=next]" :
        event.key === backward ? "[data-swipe=previous]" : null);
      if (button) button.click();
    });
  }

  function narration(form) {
    var words = form.querySelectorAll("[data-narration] .word");
    if (reducedMotion) { words.forEach(function (w) { w.classList.add("shown"); }); return; }
    words.forEach(function (word, index) {
      setTimeout(function () { word.classList.add("shown"); }, 120 * index);
    });
  }

  function feetInches(inches) { return Math.floor(inches / 12) + "'" + (inches % 12) + '"'; }

  function steppers(form) {
    form.querySelectorAll("[data-stepper]").forEach(function (stepper) {
      var input = stepper.querySelector("input[type=number]");
      var output = stepper.querySelector("output");
      var buttons = stepper.querySelectorAll(".step");
      function show() {
        var value = parseInt(input.value, 10);
        if (isNaN(value)) return;
        output.textContent = stepper.dataset.stepper === "feetInches" ? feetInches(value) : String(value);
        buttons[0].disabled = value <= parseInt(input.min, 10);
        buttons[1].disabled = value >= parseInt(input.max, 10);
      }
      buttons.forEach(function (button, index) {
        button.addEventListener("click", function (event) {
          event.preventDefault();
          if (index === 0) input.stepDown(); else input.stepUp();
          show();
        });
      });
      input.addEventListener("input", show);
    });
  }

  function pills(form) {
    form.querySelectorAll("[data-fill]").forEach(function (pill) {
      pill.addEventListener("click", function (event) {
        event.preventDefault();
        var target = document.getElementById(pill.dataset.fill);
        target.value = pill.textContent;
        target.focus();
      });
    });
  }

  // Mirrors DoorstepFlow's PasswordStrength: TANDA counts three checks into three levels, Kordant
  // shows its four checks one by one.
  function strength(form) {
    form.querySelectorAll("[data-strength]").forEach(function (input) {
      var meter = form.querySelector("[data-strength-meter='" + input.id + "']");
      if (!meter) return;
      var label = meter.querySelector(".strength-label");
      // The levels' words in the page's language, weakest first.
      var levels = [""].concat((meter.dataset.levels || "Weak|Medium|Strong").split("|"));
      input.addEventListener("input", function () {
        var p = input.value;
        var upper = /\p{Lu}/u.test(p), number = /\p{N}/u.test(p), symbol = /[^\p{L}\p{N}\s]/u.test(p);
        var checks = input.dataset.strength === "kordant"
          ? { length: p.length >= 8, uppercase: upper, number: number, special: symbol }
          : { length: p.length >= 8, uppercase: upper, numberOrSymbol: number || symbol };
        var ids = Object.keys(checks);
        var met = ids.filter(function (id) { return checks[id]; }).length;
        var level = p === "" ? 0 : met === ids.length ? 3 : met >= 2 ? 2 : 1;
        meter.dataset.level = String(level);
        label.textContent = levels[level] || "";
        ids.forEach(function (id) {
          var row = meter.querySelector("[data-check=" + id + "]");
          if (row) row.classList.toggle("met", checks[id]);
        });
      });
    });
  }

  // Show/Hide beside a password: it shows what is typed and hides it again, and says which it does.
  function reveals(form) {
    form.querySelectorAll("button[data-reveal]").forEach(function (button) {
      var input = document.getElementById(button.dataset.reveal);
      if (!input) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        var shown = input.type === "password";
        input.type = shown ? "text" : "password";
        button.textContent = shown ? button.dataset.hide : button.dataset.show;
        button.setAttribute("aria-label", shown ? button.dataset.hideLabel : button.dataset.showLabel);
        button.setAttribute("aria-pressed", shown ? "true" : "false");
        input.focus();
      });
    });
    // What is sent is never left readable in the page the browser keeps for Back.
    form.addEventListener("submit", function () {
      form.querySelectorAll("button[data-reveal]").forEach(function (button) {
        var input = document.getElementById(button.dataset.reveal);
        if (input) input.type = "password";
      });
    });
  }

  function voice(form) {
    var Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
    if (!Recognition) return;
    form.querySelectorAll("[data-mic]").forEach(function (button) {
      var target = document.getElementById(button.dataset.mic);
      var recognition = null;
      button.hidden = false;
      button.addEventListener("click", function () {
        if (recognition) { recognition.stop(); return; }
        recognition = new Recognition();
        recognition.interimResults = true;
        recognition.lang = document.documentElement.lang || "en";
        var before = target.value ? target.value + " " : "";
        recognition.onresult = function (event) {
          var said = "";
          for (var i = 0; i < event.results.length; i++) said += event.results[i][0].transcript;
          target.value = before + said;
        };
        recognition.onend = function () { recognition = null; button.setAttribute("aria-pressed", "false"); };
        button.setAttribute("aria-pressed", "true");
        recognition.start();
      });
    });
  }

  // A screen whose action may make an account or mail a code carries a puzzle from the server. A
  // worker solves it as soon as the page opens, so by the time the person acts it is usually done;
  // if not, the form waits with a note saying why, and goes on its own once the answer is found.
  function puzzle(form) {
    var field = form.querySelector("input[data-puzzle]");
    if (!field || !window.Worker) return;
    var note = document.createElement("p");
    note.className = "puzzle-note";
    note.setAttribute("role", "status");
    note.hidden = true;
    field.insertAdjacentElement("afterend", note);
    var waiting = null;
    var worker = new Worker("/funnel/puzzle-worker.js");
    worker.onmessage = function (event) {
      if (event.data.progress !== undefined) {
        note.textContent = field.dataset.note + " " + Math.round(event.data.progress * 100) + " %";
        return;
      }
      field.value = field.dataset.puzzle + " " + event.data.nonce;
      worker.terminate();
      note.hidden = true;
      if (waiting) form.requestSubmit(waiting.submitter || undefined);
    };
    worker.postMessage({ token: field.dataset.puzzle, difficulty: Number(field.dataset.difficulty) });
    form.addEventListener("submit", function (event) {
      if (field.value) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      waiting = { submitter: event.submitter };
      note.textContent = field.dataset.note;
      note.hidden = false;
    });
  }
})();
