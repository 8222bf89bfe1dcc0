/**
 * The few kilobytes of script the public pages carry, as plain JavaScript strings inlined into the
 * page (no bundle, no request). Everything they do is an enhancement: the page already reads as a
 * finished card, saves the contact, follows links and posts the lead form without them. They read
 * their inputs from data attributes the server rendered (escaped by React), the words they say
 * too (in the visitor's language), so the strings never change and the Content-Security-Policy
 * allows them by hash.
 */

/**
 * Card page: reveals the share buttons, keeps the save-contact link's `?note=` in step with the
 * "Where did we meet?" field, shares (navigator.share) or copies the tracked link (clipboard, or a
 * selected visible input in in-app browsers), and sends the lead form as JSON. "Link copied" is a
 * passing confirmation: it goes after 3 s, and at once when the visitor moves on (taps elsewhere,
 * leaves the page), so it never lingers under the card.
 */
export const CARD_PAGE_SCRIPT = `(function(){
var d=document;
function $(s,r){return (r||d).querySelector(s)}
d.querySelectorAll('[data-cb-js]').forEach(function(el){el.hidden=false});
var save=$('[data-cb-save]'),note=$('[data-cb-note]');
if(save&&note){var base=save.getAttribute('href');note.addEventListener('input',function(){var v=note.value.trim();save.setAttribute('href',v?base+'?note='+encodeURIComponent(v):base)});}
var share=$('[data-cb-share-box]');
if(share){
var url=share.getAttribute('data-cb-url'),title=share.getAttribute('data-cb-title')||d.title,msg=$('[data-cb-msg]',share),input=$('input',share),qr=$('details',share);
var timer=0;
function hush(){clearTimeout(timer);if(msg)msg.textContent=''}
function say(t){if(!msg)return;msg.textContent=t;clearTimeout(timer);timer=setTimeout(hush,3000)}
d.addEventListener('pointerdown',function(e){if(msg&&msg.textContent&&!share.contains(e.target))hush()});
window.addEventListener('pagehide',hush);
function pick(){if(qr)qr.open=true;if(input){input.focus();input.select();input.setSelectionRange(0,input.value.length)}}
function copy(){
function fallback(){pick();var ok=false;try{ok=d.execCommand('copy')}catch(e){}say(share.getAttribute(ok?'data-cb-copied':'data-cb-hold'))}
if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(url).then(function(){say(share.getAttribute('data-cb-copied'))},fallback)}else fallback();
}
var sb=$('[data-cb-share]',share),cb=$('[data-cb-copy]',share);
if(sb){if(!navigator.share)sb.hidden=true;else sb.addEventListener('click',function(){navigator.share({title:title,url:url}).catch(function(){})})}
if(cb)cb.addEventListener('click',copy);
}
var form=$('[data-cb-lead]');
if(form&&window.fetch){var status=$('.cb-lead-status',form),busy=false;
function word(n){return form.getAttribute('data-cb-'+n)||''}
form.addEventListener('submit',function(e){e.preventDefault();if(busy)return;busy=true;
var data={};new FormData(form).forEach(function(v,k){if(typeof v==='string'&&v.trim())data[k]=v.trim()});
status.textContent=word('sending');
fetch(form.action,{method:'POST',headers:{'content-type':'application/json',accept:'application/json'},body:JSON.stringify(data)}).then(function(r){
busy=false;
if(r.ok){form.querySelectorAll('label,button').forEach(function(el){el.hidden=true});status.textContent=word('sent');}
else status.textContent=word(r.status===429?'too-many':'failed');
},function(){busy=false;status.textContent=word('offline')});
});}
})();`;

/**
 * Signature page: copies the rendered signature as rich HTML (ClipboardItem text/html with a
 * plain-text twin); where that is refused, selects the rendered signature and copies the selection,
 * or leaves it selected for the visitor to copy. The plain-text twin is the server's (data-cb-text:
 * it spells out the card's address, which the rich signature shows as a link). The confirmation goes after 8 s (it carries an
 * instruction, so it stays longer than the card's "Link copied").
 */
export const SIGNATURE_PAGE_SCRIPT = `(function(){
var b=document.querySelector('[data-cb-copy-sig]'),sig=document.getElementById('cb-signature'),msg=document.querySelector('[data-cb-msg]');
if(!b||!sig)return;b.hidden=false;
var timer=0;
function say(t){if(!msg)return;msg.textContent=t;clearTimeout(timer);timer=setTimeout(function(){msg.textContent=''},8000)}
function select(){var r=document.createRange();r.selectNodeContents(sig);var s=getSelection();s.removeAllRanges();s.addRange(r);var ok=false;try{ok=document.execCommand('copy')}catch(e){}say(ok?'Signature copied. Paste it into your e-mail settings.':'The signature is selected: copy it with Ctrl+C or \\u2318C.')}
b.addEventListener('click',function(){
var html=sig.innerHTML,text=sig.getAttribute('data-cb-text')||sig.innerText;
if(window.ClipboardItem&&navigator.clipboard&&navigator.clipboard.write){
navigator.clipboard.write([new ClipboardItem({'text/html':new Blob([html],{type:'text/html'}),'text/plain':new Blob([text],{type:'text/plain'})})]).then(function(){say('Signature copied. Paste it into your e-mail settings.')},select);
}else select();
});
})();`;
