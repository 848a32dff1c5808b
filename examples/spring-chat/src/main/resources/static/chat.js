'use strict';
// The page of the expenses assistant: sign in (HTTP Basic, the credentials kept in this page only), ask through the
// chosen path (the starter's governed call, or Spring AI's ChatClient with Keel's advisors), show the governed answer
// as its server-sent events arrive, then its provenance. Text from the server is only ever set as text
// (textContent), never parsed as markup.

let authorization = null;
// One conversation per sign-in: the Spring AI path's chat memory keeps it (the service scopes it to the user).
let conversation = null;

function newConversation() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const element = (id) => document.getElementById(id);

function basic(user, password) {
  const bytes = new TextEncoder().encode(user + ':' + password);
  return 'Basic ' + btoa(String.fromCharCode(...bytes));
}

async function signIn(event) {
  event.preventDefault();
  const candidate = basic(element('user').value, element('password').value);
  element('sign-in-error').textContent = '';
  const response = await fetch('/me', { headers: { Authorization: candidate }, cache: 'no-store' });
  if (response.status !== 200) {
    element('sign-in-error').textContent = response.status === 401
      ? 'Sign-in failed: unknown user or wrong password.' : 'Sign-in failed: HTTP ' + response.status + '.';
    return;
  }
  const me = await response.json();
  authorization = candidate;
  conversation = newConversation();
  element('password').value = '';
  element('who').textContent = 'Signed in as ' + me.user + ' (role ' + (me.role ?? 'none') + ', clearance '
    + (me.clearance ?? 'none') + ').';
  element('sign-in').hidden = true;
  element('chat').hidden = false;
  clearAnswer();
  element('question').focus();
}

function signOut() {
  authorization = null;
  conversation = null;
  element('chat').hidden = true;
  element('sign-in').hidden = false;
  element('user').value = '';
  clearAnswer();
}

function clearAnswer() {
  const answer = element('answer');
  answer.textContent = '';
  answer.dataset.chunks = '0';
  element('provenance').hidden = true;
  element('note').hidden = true;
  setStatus('idle', '');
}

function setStatus(state, text) {
  const status = element('status');
  status.dataset.state = state;
  status.textContent = text;
}

function showChunk(data) {
  const answer = element('answer');
  answer.append(document.createTextNode(data.text));
  answer.dataset.chunks = String(Number(answer.dataset.chunks) + 1);
}

function showProvenance(data) {
  element('decision').textContent = data.decision + ' (' + data.outcome + ')';
  element('reason-codes').textContent = data.reason_codes.length ? data.reason_codes.join(', ') : 'none';
  const withheld = Object.entries(data.withheld).map(([kind, count]) => kind + ': ' + count);
  element('withheld').textContent = withheld.length ? withheld.join(', ') : 'nothing';
  element('backend').textContent = data.backend ?? 'no model (not called)';
  element('request-id').textContent = data.request_id;
  element('provenance').hidden = false;
  if (data.note) {
    element('note').textContent = data.note;
    element('note').hidden = false;
  }
}

// One event of a text/event-stream: its "event:" name and its "data:" lines joined.
function parseEvent(block) {
  let name = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) {
      name = line.slice('event:'.length).trim();
    } else if (line.startsWith('data:')) {
      data.push(line.slice('data:'.length).replace(/^ /, ''));
    }
  }
  return { name, data: data.length ? JSON.parse(data.join('\n')) : null };
}

async function ask(event) {
  event.preventDefault();
  clearAnswer();
  setStatus('streaming', 'Answering…');
  element('ask-button').disabled = true;
  const path = document.querySelector('input[name="path"]:checked');
  element('path-used').textContent = path.parentElement.textContent.trim();
  try {
    const response = await fetch(path.value, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ message: element('question').value, session_id: conversation }),
      cache: 'no-store',
    });
    if (!response.ok) {
      setStatus('failed', 'The service refused the question: HTTP ' + response.status + '.');
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let ended = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        break;
      }
      buffer = (buffer + value).replace(/\r\n?/g, '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const { name, data } = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (name === 'chunk') {
          showChunk(data);
        } else if (name === 'provenance') {
          showProvenance(data);
          setStatus('done', 'Answered.');
          ended = true;
        } else if (name === 'error') {
          setStatus('failed', 'The answer failed: ' + data.code + '.');
          ended = true;
        }
      }
    }
    if (!ended) {
      setStatus('failed', 'The answer ended before its provenance.');
    }
  } catch (failure) {
    setStatus('failed', 'The answer failed: ' + failure.message);
  } finally {
    element('ask-button').disabled = false;
  }
}

document.addEventListener('DOMContentLoaded', () => {
  element('sign-in').addEventListener('submit', signIn);
  element('sign-out').addEventListener('click', signOut);
  element('ask').addEventListener('submit', ask);
});
