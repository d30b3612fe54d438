#!/bin/sh
# Runs four real client libraries of the gateway API against a running Recur sandbox:
# Active Merchant's remote Fat Zebra test, the PHP library's tests, fatzebra-python's tests and
# the fat_zebra gem's specs. It fetches nothing and changes nothing in the clients' checkouts:
# check them out yourself (outside this repository) and install their toolchains, e.g. on Debian:
#
#   git clone https://github.com/activemerchant/active_merchant  "$CLIENTS_DIR/active_merchant"
#   git clone https://github.com/fatzebra/PHP-Library            "$CLIENTS_DIR/PHP-Library"
#   git clone https://github.com/ixc/fatzebra-python             "$CLIENTS_DIR/fatzebra-python"
#   git clone https://github.com/fatzebra/Ruby-Library           "$CLIENTS_DIR/Ruby-Library"
#   apt-get install ruby ruby-activesupport ruby-builder ruby-nokogiri ruby-test-unit ruby-mocha \
#     ruby-rspec ruby-webmock ruby-vcr php-cli php-curl phpunit python3-requests
#
# Then, with a sandbox running (`recur start`) and a merchant (`recur merchant create`):
#
#   RECUR_URL=https://127.0.0.1:8443/v1.0 RECUR_USER=TEST… RECUR_TOKEN=… \
#   RECUR_CA_FILE=ca.pem CLIENTS_DIR=… sh bench/clients/run-clients.sh [am|php|py|rb]…
#
# RECUR_CA_FILE is the CA that signed the sandbox's certificate (PHP's curl refuses a self-signed
# leaf as its own CA: give Recur TLS_CERT_FILE/TLS_KEY_FILE signed by a CA of your own). Each
# client is pointed at Recur by a small shim written to a scratch directory; the PHP tests are
# copied there with the URL, the credentials and their long-past expiry year (2023) replaced.
set -u
: "${RECUR_URL:?}" "${RECUR_USER:?}" "${RECUR_TOKEN:?}" "${RECUR_CA_FILE:?}" "${CLIENTS_DIR:?}"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export RECUR_URL RECUR_USER RECUR_TOKEN RECUR_CA_FILE
which=${*:-am php py rb}

for client in $which; do
  case $client in
  am)
    echo "== Active Merchant: test/remote/gateways/remote_fat_zebra_test.rb"
    mkdir -p "$WORK/am/bundler" "$WORK/home/.active_merchant"
    : > "$WORK/am/bundler/setup.rb"
    cat > "$WORK/am/recur.rb" <<'EOF'
require 'active_merchant'
ActiveMerchant::Billing::FatZebraGateway.test_url = ENV.fetch('RECUR_URL')
ActiveMerchant::Billing::FatZebraGateway.ssl_strict = false
EOF
    printf 'fat_zebra:\n  username: %s\n  token: %s\n' "$RECUR_USER" "$RECUR_TOKEN" > "$WORK/home/.active_merchant/fixtures.yml"
    (cd "$CLIENTS_DIR/active_merchant" && HOME="$WORK/home" RUBYLIB="$WORK/am:lib:test" \
      ruby -r"$WORK/am/recur.rb" test/remote/gateways/remote_fat_zebra_test.rb)
    ;;
  php)
    echo "== PHP library: test/*.php"
    mkdir -p "$WORK/php/vendor" "$WORK/php/test"
    cat > "$WORK/php/vendor/autoload.php" <<EOF
<?php
spl_autoload_register(function (\$c) {
    if (strpos(\$c, 'FatZebra\\\\') !== 0) return;
    \$p = '$CLIENTS_DIR/PHP-Library/src/' . str_replace('\\\\', '/', substr(\$c, 9)) . '.php';
    if (file_exists(\$p)) require \$p;
});
EOF
    for f in "$CLIENTS_DIR"/PHP-Library/test/*.php; do
      sed -e "s#https://gateway.pmnts-sandbox.io#${RECUR_URL%/v1.0}#" \
        -e "s#\"TEST\", \"TEST\"#\"$RECUR_USER\", \"$RECUR_TOKEN\"#g" -e 's#/2023"#/2030"#g' \
        -e 's#\(\$[a-z_]*\) = new FatZebra.Gateway(\(.*\));#\1 = new FatZebra\\Gateway(\2); \1->set_ca_bundle(getenv("RECUR_CA_FILE"));#' \
        "$f" > "$WORK/php/test/$(basename "$f")"
    done
    (cd "$WORK/php" && phpunit test)
    ;;
  py)
    echo "== fatzebra-python: test/test_gateway.py"
    cat > "$WORK/recur_py.py" <<'EOF'
import os, sys, unittest
root = os.path.join(os.environ['CLIENTS_DIR'], 'fatzebra-python')
sys.path.insert(0, root)
import fatzebra.gateway as g
g.Gateway.SANDBOX_URL = os.environ['RECUR_URL'].rstrip('/') + '/'
_init = g.Gateway.__init__
def _recur_init(self, username="TEST", token="TEST", sandbox=True):
    if (username, token) == ("TEST", "TEST"):
        username, token = os.environ['RECUR_USER'], os.environ['RECUR_TOKEN']
    _init(self, username, token, sandbox)
g.Gateway.__init__ = _recur_init
os.environ['REQUESTS_CA_BUNDLE'] = os.environ['RECUR_CA_FILE']
suite = unittest.defaultTestLoader.discover(os.path.join(root, 'test'), top_level_dir=root)
sys.exit(0 if unittest.TextTestRunner(verbosity=2).run(suite).wasSuccessful() else 1)
EOF
    (cd "$CLIENTS_DIR/fatzebra-python" && CLIENTS_DIR="$CLIENTS_DIR" python3 "$WORK/recur_py.py")
    ;;
  rb)
    echo "== fat_zebra gem: spec/lib/fat_zebra/{card,purchase,refund}_spec.rb (the others are out of scope: docs/api.md)"
    mkdir -p "$WORK/rb/bundler"
    : > "$WORK/rb/bundler/setup.rb"
    cat > "$WORK/rb/recur.rb" <<'EOF'
require 'openssl'
require 'uri'
require 'vcr'
require 'webmock'
require 'fat_zebra'
VCR.turn_off!(ignore_cassettes: true)
WebMock.allow_net_connect!
WebMock.disable!
module RecurCa
  def setup_ssl
    super
    http.ca_file = ENV.fetch('RECUR_CA_FILE')
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
  end
end
FatZebra::Request.prepend(RecurCa)
url = URI(ENV.fetch('RECUR_URL'))
RSpec.configure do |config|
  config.before(:each) do
    FatZebra.configure do |c|
      c.username = ENV.fetch('RECUR_USER')
      c.token = ENV.fetch('RECUR_TOKEN')
      c.gateway = "#{url.host}:#{url.port}"
      c.test_mode = true
    end
  end
end
EOF
    (cd "$CLIENTS_DIR/Ruby-Library" && RUBYLIB="$WORK/rb:lib" rspec -r ./spec/spec_helper.rb -r "$WORK/rb/recur.rb" \
      spec/lib/fat_zebra/card_spec.rb spec/lib/fat_zebra/purchase_spec.rb spec/lib/fat_zebra/refund_spec.rb)
    ;;
  *) echo "unknown client $client (am, php, py, rb)" >&2; exit 2 ;;
  esac
done
