/* Printable shipping-order report. The embedding page posts {type: 'rate-request', id}; only messages from
   this same origin are accepted. The rate request is fetched with the caller's `token` cookie. */
(function () {
  'use strict';
  var PARTY = { 0: 'Supplier', 1: 'Consignee', 2: 'Notify Party' };
  var FREIGHT = { 1: 'Collect', 2: 'Prepaid' };

  function token() {
    var parts = document.cookie.split(';');
    for (var i = 0; i < parts.length; i += 1) {
      var entry = parts[i].trim();
      if (entry.indexOf('token=') === 0) return decodeURIComponent(entry.slice(6));
    }
    return '';
  }

  // Money and days as the screens show them (src/lib/format.ts): `$3,700.00`, `Dec 1, 2026` (UTC).
  var USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  var DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

  function money(value) {
    var n = value === null || value === undefined || value === '' ? NaN : Number(value);
    return isFinite(n) ? USD.format(n) : '-';
  }

  function day(value) {
    if (!value) return '-';
    var date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? value + 'T00:00:00Z' : value);
    return isNaN(date.getTime()) ? '-' : DAY.format(date);
  }

  function el(tag, text) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function pairs(rows) {
    var dl = el('dl');
    rows.forEach(function (row) {
      var wrap = el('div');
      wrap.appendChild(el('dt', row[0]));
      wrap.appendChild(el('dd', row[1] === null || row[1] === undefined || row[1] === '' ? '-' : row[1]));
      dl.appendChild(wrap);
    });
    return dl;
  }

  function table(headers, rows, foot) {
    var t = el('table');
    var head = el('thead');
    var tr = el('tr');
    headers.forEach(function (h) { var th = el('th', h); th.scope = 'col'; tr.appendChild(th); });
    head.appendChild(tr);
    t.appendChild(head);
    var body = el('tbody');
    rows.forEach(function (r) {
      var row = el('tr');
      r.forEach(function (c) { row.appendChild(el('td', c)); });
      body.appendChild(row);
    });
    t.appendChild(body);
    if (foot) {
      var tf = el('tfoot');
      var frow = el('tr');
      foot.forEach(function (c) { frow.appendChild(el('td', c)); });
      tf.appendChild(frow);
      t.appendChild(tf);
    }
    return t;
  }

  function render(d) {
    var root = document.getElementById('report');
    root.textContent = '';
    root.appendChild(el('h1', 'Shipping Order Report'));
    root.appendChild(el('p', 'Booking ' + (d.reference || d.id))).className = 'muted';
    root.appendChild(el('h2', 'Rate Request'));
    var priced = d.price !== null && d.price !== undefined;
    root.appendChild(pairs([
      ['Customer', d.customerName], ['POL', d.pol && d.pol.name], ['POD', d.pod && d.pod.name],
      ['Commodity', d.commodity], ['HS Code', d.hsCode], ['Quantity', d.quantity],
      ['Container', (d.containerSize && d.containerSize.name) + ' ' + (d.containerType && d.containerType.name)],
      ['Price per container', money(d.price)],
      ['Total for ' + d.quantity, priced ? money(Number(d.price) * Number(d.quantity)) : '-'],
      ['Shipping date', day(d.preferredShippingDate)], ['Dangerous', d.isDanger ? 'Yes' : 'No']
    ]));
    var o = d.order;
    if (!o) { root.appendChild(el('p', 'No shipping order yet.')); return; }
    root.appendChild(el('h2', 'Shipping Order'));
    root.appendChild(pairs([
      ['Status', o.statusLabel || o.statusName], ['SWBL', o.isSWBL ? 'Yes' : 'No'], ['Freight', FREIGHT[o.freightType] || '-'],
      ['Cargo description', o.cargoDescription], ['IMCO class', o.imcoClass], ['UN No', o.unNumber],
      ['Temperature', o.temprature], ['Humidity', o.humidity], ['Ventilation', o.hasVentilation ? 'Yes' : 'No']
    ]));
    root.appendChild(el('h2', 'Parties'));
    root.appendChild(table(['Role', 'Name', 'Address', 'Phone', 'Fax', 'For SWBL'], (o.parties || []).map(function (p) {
      return [PARTY[p.partyType] || p.partyType, p.name, p.address, p.phoneNumber, p.fax || '-', p.isForSwbl ? 'Yes' : 'No'];
    })));
    root.appendChild(el('h2', 'Containers'));
    var gross = 0, net = 0, packages = 0;
    var rows = (o.containers || []).map(function (c) {
      gross += Number(c.grossWeight) || 0; net += Number(c.netWeight) || 0; packages += Number(c.count) || 0;
      return [c.containerNumber || c.containerId, c.seal, c.count, 'box', c.grossWeight, c.netWeight];
    });
    root.appendChild(table(['Container', 'Seal', 'Packages', 'Type', 'Gross weight (kg)', 'Net weight (kg)'], rows,
      ['Total', (o.containers || []).length + ' containers', packages, '', gross, net]));
  }

  function load(id) {
    var root = document.getElementById('report');
    root.textContent = 'Loading…';
    fetch('/booking/api/v1/client/rate-requests/' + encodeURIComponent(id), {
      headers: { Authorization: 'Bearer ' + token(), Accept: 'application/json' },
      credentials: 'same-origin'
    })
      .then(function (res) { return res.json(); })
      .then(function (body) {
        if (!body || body.isSuccess !== true) throw new Error((body && body.error && body.error.description) || 'Error');
        render(body.response);
      })
      .catch(function (error) { root.textContent = 'The report could not be loaded: ' + error.message; });
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== window.location.origin) return;
    var data = event.data;
    var id = data && typeof data === 'object' ? data.id : data;
    if (typeof id === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(id)) load(id);
  });

  // Wired here, not by an onclick attribute: the Content-Security-Policy allows no inline script.
  document.getElementById('print').addEventListener('click', function () {
    window.print();
  });
})();
