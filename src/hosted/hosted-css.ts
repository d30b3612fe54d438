/**
 * The pages' one style sheet, served by Recur (`/hosted/hosted.css`, `style-src 'self'`): no
 * inline style, no third-party font or CDN. Colours pass WCAG AA contrast on white; the layout is
 * one column, so it reads on a 375 px phone.
 */
export const HOSTED_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#f4f5f7}
body{margin:0}
main{max-width:42rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid #d0d4da;border-radius:8px;padding:1.25rem;margin:1rem 0}
h1{font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1.15rem;margin:1.25rem 0 .5rem}
.test-mode{background:#7a4b00;color:#fff;text-align:center;font-weight:700;padding:.5rem;margin:0}
.muted{color:#4a5260}
.status{display:inline-block;border-radius:4px;padding:0 .5rem;font-weight:700;background:#e6e9ee;color:#1a1a1a}
.status-paid{background:#d7f0dd;color:#0b4d1e}
.status-past_due,.status-unpaid{background:#fbe2e2;color:#7d1010}
table{width:100%;border-collapse:collapse;margin:.5rem 0}
th,td{text-align:left;padding:.4rem .25rem;border-bottom:1px solid #e1e4e8;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot th,tfoot td{border-bottom:none}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}
dt{color:#4a5260}
dd{margin:0}
form{display:grid;gap:.75rem;margin-top:.75rem}
label{font-weight:600;display:block;margin-bottom:.25rem}
input[type=text]{width:100%;font-size:1rem;padding:.6rem;border:1px solid #6b7380;border-radius:6px;color:#1a1a1a;background:#fff}
input[type=text]:focus,button:focus,a:focus{outline:3px solid #1451b8;outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
button{font-size:1rem;font-weight:700;padding:.75rem 1rem;border:0;border-radius:6px;background:#1451b8;color:#fff;cursor:pointer}
button:hover{background:#0f3f91}
.hint{font-weight:400;color:#4a5260;font-size:.875rem}
.error{border:2px solid #b01515;background:#fdf0f0;color:#7d1010;border-radius:6px;padding:.75rem}
.success{border:2px solid #1d7a3a;background:#eef9f1;color:#0b4d1e;border-radius:6px;padding:.75rem}
a{color:#1451b8}
footer{font-size:.875rem;color:#4a5260;text-align:center;padding:1rem}
@media (max-width:480px){main{padding:.5rem}.card{padding:1rem}table{font-size:.9rem}}
`;
