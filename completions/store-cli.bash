# bash completion for store-cli
# Generated from the command tree by `npm run generate:completions`: do not edit.
# Install: store-cli completion bash > ~/.local/share/bash-completion/completions/store-cli

# REPLY: the subcommands of command path $1 ('' is store-cli itself).
_store_cli_subcommands() {
  case $1 in
    '') REPLY='auth config doctor giftcard metafield product category collection location inventory shop customer discount order webhook report undo runs sandbox api completion help' ;;
    'auth') REPLY='login status list switch token logout help' ;;
    'config') REPLY='get set unset list help' ;;
    'giftcard') REPLY='create update disable get search count import export help' ;;
    'metafield') REPLY='set get list count delete import export definition help' ;;
    'metafield definition') REPLY='list get create update delete export import help' ;;
    'product') REPLY='list count create get edit delete export import help' ;;
    'category') REPLY='search help' ;;
    'collection') REPLY='list get count create update delete add remove products help' ;;
    'location') REPLY='list get count create update delete help' ;;
    'inventory') REPLY='list set help' ;;
    'shop') REPLY='info help' ;;
    'customer') REPLY='list search get count create update delete help' ;;
    'discount') REPLY='list get create update enable disable delete import export help' ;;
    'order') REPLY='list get count update cancel export help' ;;
    'webhook') REPLY='listen trigger resend subscribe subscriptions unsubscribe subscription help' ;;
    'webhook subscription') REPLY='update count help' ;;
    'report') REPLY='merge help' ;;
    'sandbox') REPLY='serve reset export import logs fault help' ;;
    'sandbox fault') REPLY='add list remove help' ;;
    'completion') REPLY='bash zsh fish help' ;;
    *) REPLY= ;;
  esac
}

# REPLY: the flags of command path $1, without the global ones.
_store_cli_flags() {
  case $1 in
    '') REPLY='-V --version --profile --base-url --sandbox --verbose --no-color --timeout --insecure -h --help' ;;
    'auth') REPLY='-h --help' ;;
    'auth login') REPLY='--with-token --brand -h --help' ;;
    'auth status') REPLY='--json -q --jq -h --help' ;;
    'auth list') REPLY='--json --jsonl -q --jq --columns -h --help' ;;
    'auth switch') REPLY='-h --help' ;;
    'auth token') REPLY='--show -h --help' ;;
    'auth logout') REPLY='-h --help' ;;
    'auth help') REPLY='' ;;
    'config') REPLY='-h --help' ;;
    'config get') REPLY='--json -q --jq -h --help' ;;
    'config set') REPLY='-h --help' ;;
    'config unset') REPLY='-h --help' ;;
    'config list') REPLY='--json --jsonl -q --jq --columns -h --help' ;;
    'config help') REPLY='' ;;
    'doctor') REPLY='--json --jsonl -q --jq --columns -h --help' ;;
    'giftcard') REPLY='-h --help' ;;
    'giftcard create') REPLY='--code --initial-value --customer-id --customer --note --expire-time --dry-run --json -q --jq -h --help' ;;
    'giftcard update') REPLY='--balance --note --expire-time --dry-run --json -q --jq -h --help' ;;
    'giftcard disable') REPLY='-y --yes --dry-run --json -q --jq -h --help' ;;
    'giftcard get') REPLY='--json -q --jq -h --help' ;;
    'giftcard search') REPLY='--limit --since-id --status --page-token --last-characters --all --max-pages --json --jsonl -q --jq --columns -h --help' ;;
    'giftcard count') REPLY='--json -q --jq -h --help' ;;
    'giftcard import') REPLY='--codes-out --dry-run --rejects --results --shard --concurrency --give-up-after --all-or-nothing --max-rejects --report --rehearse --json -q --jq -h --help' ;;
    'giftcard export') REPLY='--status --since-id --last-characters --output --jsonl --reveal-codes --sort --report -h --help' ;;
    'giftcard help') REPLY='' ;;
    'metafield') REPLY='-h --help' ;;
    'metafield set') REPLY='--namespace --code --value --type --dry-run --json -q --jq -h --help' ;;
    'metafield get') REPLY='--namespace --code --json -q --jq -h --help' ;;
    'metafield list') REPLY='--namespace --json --jsonl -q --jq --columns -h --help' ;;
    'metafield count') REPLY='--namespace --json -q --jq -h --help' ;;
    'metafield delete') REPLY='--namespace --code -y --yes --dry-run --json -q --jq -h --help' ;;
    'metafield import') REPLY='--domain --dry-run --rejects --results --shard --concurrency --give-up-after --all-or-nothing --max-rejects --report --rehearse --json -q --jq -h --help' ;;
    'metafield export') REPLY='--domain --objects --all --namespace --output --jsonl --rejects --shard --concurrency --report --json -q --jq -h --help' ;;
    'metafield definition') REPLY='-h --help' ;;
    'metafield definition list') REPLY='--json --jsonl -q --jq --columns -h --help' ;;
    'metafield definition get') REPLY='--namespace --code --json -q --jq -h --help' ;;
    'metafield definition create') REPLY='--namespace --code --definition-name --field-type --description --multi --pinned --schema-rule --option-map --dry-run --json -q --jq -h --help' ;;
    'metafield definition update') REPLY='--namespace --code --definition-name --field-type --description --multi --pinned --schema-rule --option-map --dry-run --json -q --jq -h --help' ;;
    'metafield definition delete') REPLY='--namespace --code -y --yes --dry-run --json -q --jq -h --help' ;;
    'metafield definition export') REPLY='--all --output --jsonl --report -h --help' ;;
    'metafield definition import') REPLY='--dry-run --report --json -q --jq -h --help' ;;
    'metafield definition help') REPLY='' ;;
    'metafield help') REPLY='' ;;
    'product') REPLY='-h --help' ;;
    'product list') REPLY='--title --status --collection --category --limit --page-token --all --json --jsonl -q --jq --columns -h --help' ;;
    'product count') REPLY='--title --status --collection --category --json -q --jq -h --help' ;;
    'product create') REPLY='--file --title --sub-title --body-html --vendor --product-type --status --category --collection --image --option --price --compare-of-price --cost-price --sku --barcode --weight --weight-unit --inventory --location --location-id --dry-run --json -q --jq --columns -h --help' ;;
    'product get') REPLY='--json -q --jq --columns -h --help' ;;
    'product edit') REPLY='--file --title --sub-title --body-html --vendor --product-type --status --category --collection --image --option --price --compare-of-price --cost-price --sku --barcode --weight --weight-unit --inventory --location --location-id --dry-run --json -q --jq --columns -h --help' ;;
    'product delete') REPLY='-y --yes --dry-run --json -q --jq -h --help' ;;
    'product export') REPLY='--output --jsonl --no-ids --metafields --concurrency --report -h --help' ;;
    'product import') REPLY='--key --empty-clears --dry-run --rejects --results --shard --concurrency --give-up-after --all-or-nothing --max-rejects --report --rehearse --json -q --jq -h --help' ;;
    'product help') REPLY='' ;;
    'category') REPLY='-h --help' ;;
    'category search') REPLY='--json --jsonl -q --jq --columns -h --help' ;;
    'category help') REPLY='' ;;
    'collection') REPLY='-h --help' ;;
    'collection list') REPLY='--title --collection-type --json --jsonl -q --jq --columns -h --help' ;;
    'collection get') REPLY='--json -q --jq -h --help' ;;
    'collection count') REPLY='--title --collection-type --json -q --jq -h --help' ;;
    'collection create') REPLY='--file --title --collection-type --body-html --published --no-published --image-url --dry-run --json -q --jq -h --help' ;;
    'collection update') REPLY='--file --title --collection-type --body-html --published --no-published --image-url --dry-run --json -q --jq -h --help' ;;
    'collection delete') REPLY='-y --yes --dry-run --json -q --jq -h --help' ;;
    'collection add') REPLY='--dry-run --json -q --jq -h --help' ;;
    'collection remove') REPLY='--dry-run --json -q --jq -h --help' ;;
    'collection products') REPLY='--limit --page-token --all --json --jsonl -q --jq --columns -h --help' ;;
    'collection help') REPLY='' ;;
    'location') REPLY='-h --help' ;;
    'location list') REPLY='--limit --page-token --all --json --jsonl -q --jq --columns -h --help' ;;
    'location get') REPLY='--json -q --jq -h --help' ;;
    'location count') REPLY='--json -q --jq -h --help' ;;
    'location create') REPLY='--name --address1 --address2 --city --province --country --zip --phone --dry-run --json -q --jq -h --help' ;;
    'location update') REPLY='--name --address1 --address2 --city --province --country --zip --phone --dry-run --json -q --jq -h --help' ;;
    'location delete') REPLY='-y --yes --dry-run --json -q --jq -h --help' ;;
    'location help') REPLY='' ;;
    'inventory') REPLY='-h --help' ;;
    'inventory list') REPLY='--product --variant --location --limit --page-token --all --json --jsonl -q --jq --columns -h --help' ;;
    'inventory set') REPLY='--location --quantity --adjust --dry-run --json -q --jq -h --help' ;;
    'inventory help') REPLY='' ;;
    'shop') REPLY='-h --help' ;;
    'shop info') REPLY='--json -q --jq -h --help' ;;
    'shop help') REPLY='' ;;
    'customer') REPLY='-h --help' ;;
    'customer list') REPLY='--limit --since-id --page-token --all --json --jsonl -q --jq --columns -h --help' ;;
    'customer search') REPLY='--email --phone --name --limit --page-token --all --json --jsonl -q --jq --columns -h --help' ;;
    'customer get') REPLY='--json -q --jq -h --help' ;;
    'customer count') REPLY='--json -q --jq -h --help' ;;
    'customer create') REPLY='--first-name --last-name --email --phone --notes --tag --tax-exempt --dry-run --json -q --jq -h --help' ;;
    'customer update') REPLY='--first-name --last-name --email --phone --notes --tag --tax-exempt --dry-run --json -q --jq -h --help' ;;
    'customer delete') REPLY='-y --yes --dry-run --json -q --jq -h --help' ;;
    'customer help') REPLY='' ;;
    'discount') REPLY='-h --help' ;;
    'discount list') REPLY='--status --discount-method --discount-type --since-id --limit --page-token --all --json --jsonl -q --jq --columns -h --help' ;;
    'discount get') REPLY='--json -q --jq -h --help' ;;
    'discount create') REPLY='--title --discount-type --value-type --value --eligibility --segment-ids --start-time --end-time --usage-limit --once-per-customer --discount-method --dry-run --json -q --jq -h --help' ;;
    'discount update') REPLY='--title --discount-type --value-type --value --eligibility --segment-ids --start-time --end-time --usage-limit --once-per-customer --dry-run --json -q --jq -h --help' ;;
    'discount enable') REPLY='--dry-run --json -q --jq -h --help' ;;
    'discount disable') REPLY='--dry-run --json -q --jq -h --help' ;;
    'discount delete') REPLY='-y --yes --dry-run --json -q --jq -h --help' ;;
    'discount import') REPLY='--discount --codes-out --dry-run --rejects --results --shard --concurrency --give-up-after --all-or-nothing --max-rejects --report --rehearse --json -q --jq -h --help' ;;
    'discount export') REPLY='--discount --format --jsonl --output --report -h --help' ;;
    'discount help') REPLY='' ;;
    'order') REPLY='-h --help' ;;
    'order list') REPLY='--status --financial-status --fulfillment-status --created-since --created-until --customer --limit --since-id --page-token --all --max-pages --json --jsonl -q --jq --columns -h --help' ;;
    'order get') REPLY='--json -q --jq -h --help' ;;
    'order count') REPLY='--status --financial-status --fulfillment-status --created-since --created-until --customer --json -q --jq -h --help' ;;
    'order update') REPLY='--note --tags --dry-run --json -q --jq -h --help' ;;
    'order cancel') REPLY='--reason -y --yes --dry-run --json -q --jq -h --help' ;;
    'order export') REPLY='--since --until --status --financial-status --fulfillment-status --customer --output --jsonl --resume --report --json -q --jq -h --help' ;;
    'order help') REPLY='' ;;
    'webhook') REPLY='-h --help' ;;
    'webhook listen') REPLY='--port --host --secret --forward-to --log --json --jsonl -q --jq -h --help' ;;
    'webhook trigger') REPLY='--to --secret --brand --product-id --file --set --json -q --jq -h --help' ;;
    'webhook resend') REPLY='--log --to --secret --brand --json -q --jq -h --help' ;;
    'webhook subscribe') REPLY='--topic --address --dry-run --json -q --jq -h --help' ;;
    'webhook subscriptions') REPLY='--topic --address --json --jsonl -q --jq --columns -h --help' ;;
    'webhook unsubscribe') REPLY='-y --yes --dry-run --json -q --jq -h --help' ;;
    'webhook subscription') REPLY='-h --help' ;;
    'webhook subscription update') REPLY='--address --topic --dry-run --json -q --jq -h --help' ;;
    'webhook subscription count') REPLY='--topic --address --json -q --jq -h --help' ;;
    'webhook subscription help') REPLY='' ;;
    'webhook help') REPLY='' ;;
    'report') REPLY='-h --help' ;;
    'report merge') REPLY='--report --allow-missing --json -q --jq -h --help' ;;
    'report help') REPLY='' ;;
    'undo') REPLY='--yes --dry-run --force --concurrency --json -q --jq -h --help' ;;
    'runs') REPLY='--json --jsonl -q --jq --columns -h --help' ;;
    'sandbox') REPLY='-h --help' ;;
    'sandbox serve') REPLY='--host --port --token --data --demo --seed --fail-rate --fail-seed --fault --allow-fault-header --ids-as --dialect --definitions --rate-limit --no-rate-limit-header --webhook --webhook-secret --show-codes --shop-name --shop-domain --log-size --quiet --json -h --help' ;;
    'sandbox reset') REPLY='--data -y --yes -h --help' ;;
    'sandbox export') REPLY='--force -h --help' ;;
    'sandbox import') REPLY='-y --yes -h --help' ;;
    'sandbox logs') REPLY='-f --follow --status --method --path --limit --json --jsonl -q --jq --columns -h --help' ;;
    'sandbox fault') REPLY='-h --help' ;;
    'sandbox fault add') REPLY='--json -q --jq -h --help' ;;
    'sandbox fault list') REPLY='--json --jsonl -q --jq --columns -h --help' ;;
    'sandbox fault remove') REPLY='--all --json --jsonl -q --jq --columns -h --help' ;;
    'sandbox fault help') REPLY='' ;;
    'sandbox help') REPLY='' ;;
    'api') REPLY='-F --field -f --raw-field --input -H --header --paginate --max-pages --slurp -i --include --json -q --jq -h --help' ;;
    'completion') REPLY='-h --help' ;;
    'completion bash') REPLY='-h --help' ;;
    'completion zsh') REPLY='-h --help' ;;
    'completion fish') REPLY='-h --help' ;;
    'completion help') REPLY='' ;;
    'help') REPLY='' ;;
    *) REPLY= ;;
  esac
}

# REPLY: what flag $2 of command path $1 takes: empty (no value), v (a value),
# o (an optional value), f (a file), p (a profile name), w and the words, or
# l and the names of an optional comma-separated list (--json's fields).
_store_cli_option() {
  case "$1|$2" in
    'auth login|--brand') REPLY='w service genstore' ;;
    'auth status|--json') REPLY='l profile profileSource baseUrl baseUrlSource token tokenSource tokenStatus scopes shopName shopDomain shopUnknown' ;;
    'auth status|-q' | 'auth status|--jq') REPLY='v' ;;
    'auth list|--json') REPLY='l profile baseUrl token default active' ;;
    'auth list|--jsonl') REPLY='l profile baseUrl token default active' ;;
    'auth list|-q' | 'auth list|--jq') REPLY='v' ;;
    'auth list|--columns') REPLY='l profile baseUrl token default active' ;;
    'config get|--json') REPLY='l key value source' ;;
    'config get|-q' | 'config get|--jq') REPLY='v' ;;
    'config list|--json') REPLY='l key value source' ;;
    'config list|--jsonl') REPLY='l key value source' ;;
    'config list|-q' | 'config list|--jq') REPLY='v' ;;
    'config list|--columns') REPLY='l key value source' ;;
    'doctor|--json') REPLY='l check status detail hint' ;;
    'doctor|--jsonl') REPLY='l check status detail hint' ;;
    'doctor|-q' | 'doctor|--jq') REPLY='v' ;;
    'doctor|--columns') REPLY='l check status detail hint' ;;
    'giftcard create|--code') REPLY='v' ;;
    'giftcard create|--initial-value') REPLY='v' ;;
    'giftcard create|--customer-id') REPLY='v' ;;
    'giftcard create|--customer') REPLY='v' ;;
    'giftcard create|--note') REPLY='v' ;;
    'giftcard create|--expire-time') REPLY='v' ;;
    'giftcard create|--json') REPLY='l id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId' ;;
    'giftcard create|-q' | 'giftcard create|--jq') REPLY='v' ;;
    'giftcard update|--balance') REPLY='v' ;;
    'giftcard update|--note') REPLY='v' ;;
    'giftcard update|--expire-time') REPLY='v' ;;
    'giftcard update|--json') REPLY='l id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId' ;;
    'giftcard update|-q' | 'giftcard update|--jq') REPLY='v' ;;
    'giftcard disable|--json') REPLY='l id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId' ;;
    'giftcard disable|-q' | 'giftcard disable|--jq') REPLY='v' ;;
    'giftcard get|--json') REPLY='l id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId' ;;
    'giftcard get|-q' | 'giftcard get|--jq') REPLY='v' ;;
    'giftcard search|--limit') REPLY='v' ;;
    'giftcard search|--since-id') REPLY='v' ;;
    'giftcard search|--status') REPLY='w enabled disabled expired' ;;
    'giftcard search|--page-token') REPLY='v' ;;
    'giftcard search|--last-characters') REPLY='v' ;;
    'giftcard search|--max-pages') REPLY='v' ;;
    'giftcard search|--json') REPLY='l id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId' ;;
    'giftcard search|--jsonl') REPLY='l id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId' ;;
    'giftcard search|-q' | 'giftcard search|--jq') REPLY='v' ;;
    'giftcard search|--columns') REPLY='l id lastCharacters balance currency status expireTime customerId note' ;;
    'giftcard count|--json') REPLY='l count' ;;
    'giftcard count|-q' | 'giftcard count|--jq') REPLY='v' ;;
    'giftcard import|--codes-out') REPLY='f' ;;
    'giftcard import|--rejects') REPLY='f' ;;
    'giftcard import|--results') REPLY='f' ;;
    'giftcard import|--shard') REPLY='v' ;;
    'giftcard import|--concurrency') REPLY='v' ;;
    'giftcard import|--give-up-after') REPLY='v' ;;
    'giftcard import|--max-rejects') REPLY='v' ;;
    'giftcard import|--report') REPLY='v' ;;
    'giftcard import|--json') REPLY='l rows created updated unchanged failed unfinished requests refused elapsedMs runId' ;;
    'giftcard import|-q' | 'giftcard import|--jq') REPLY='v' ;;
    'giftcard export|--status') REPLY='w enabled disabled expired' ;;
    'giftcard export|--since-id') REPLY='v' ;;
    'giftcard export|--last-characters') REPLY='v' ;;
    'giftcard export|--output') REPLY='f' ;;
    'giftcard export|--sort') REPLY='w code none' ;;
    'giftcard export|--report') REPLY='v' ;;
    'metafield set|--namespace') REPLY='v' ;;
    'metafield set|--code') REPLY='v' ;;
    'metafield set|--value') REPLY='v' ;;
    'metafield set|--type') REPLY='w SingleLineText MultiLineText Integer Decimal MonthDay Date DateTime Weight Size Volume Product Customer SKU Collection Page File Color Money Url Boolean' ;;
    'metafield set|--json') REPLY='l namespace code value' ;;
    'metafield set|-q' | 'metafield set|--jq') REPLY='v' ;;
    'metafield get|--namespace') REPLY='v' ;;
    'metafield get|--code') REPLY='v' ;;
    'metafield get|--json') REPLY='l namespace code fieldType value definitionName description bizResource bizId' ;;
    'metafield get|-q' | 'metafield get|--jq') REPLY='v' ;;
    'metafield list|--namespace') REPLY='v' ;;
    'metafield list|--json') REPLY='l namespace code fieldType value definitionName description bizResource bizId' ;;
    'metafield list|--jsonl') REPLY='l namespace code fieldType value definitionName description bizResource bizId' ;;
    'metafield list|-q' | 'metafield list|--jq') REPLY='v' ;;
    'metafield list|--columns') REPLY='l namespace code fieldType value' ;;
    'metafield count|--namespace') REPLY='v' ;;
    'metafield count|--json') REPLY='l count' ;;
    'metafield count|-q' | 'metafield count|--jq') REPLY='v' ;;
    'metafield delete|--namespace') REPLY='v' ;;
    'metafield delete|--code') REPLY='v' ;;
    'metafield delete|--json') REPLY='l namespace code value' ;;
    'metafield delete|-q' | 'metafield delete|--jq') REPLY='v' ;;
    'metafield import|--domain') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield import|--rejects') REPLY='f' ;;
    'metafield import|--results') REPLY='f' ;;
    'metafield import|--shard') REPLY='v' ;;
    'metafield import|--concurrency') REPLY='v' ;;
    'metafield import|--give-up-after') REPLY='v' ;;
    'metafield import|--max-rejects') REPLY='v' ;;
    'metafield import|--report') REPLY='v' ;;
    'metafield import|--json') REPLY='l rows created updated unchanged failed unfinished requests refused elapsedMs runId' ;;
    'metafield import|-q' | 'metafield import|--jq') REPLY='v' ;;
    'metafield export|--domain') REPLY='v' ;;
    'metafield export|--objects') REPLY='f' ;;
    'metafield export|--namespace') REPLY='v' ;;
    'metafield export|--output') REPLY='f' ;;
    'metafield export|--rejects') REPLY='f' ;;
    'metafield export|--shard') REPLY='v' ;;
    'metafield export|--concurrency') REPLY='v' ;;
    'metafield export|--report') REPLY='v' ;;
    'metafield export|--json') REPLY='l objects rows failed unfinished otherShards requests refused elapsedMs' ;;
    'metafield export|-q' | 'metafield export|--jq') REPLY='v' ;;
    'metafield definition list|--json') REPLY='l namespace code definitionName fieldType multi description optionMap schemaRule pinned' ;;
    'metafield definition list|--jsonl') REPLY='l namespace code definitionName fieldType multi description optionMap schemaRule pinned' ;;
    'metafield definition list|-q' | 'metafield definition list|--jq') REPLY='v' ;;
    'metafield definition list|--columns') REPLY='l namespace code fieldType multi definitionName' ;;
    'metafield definition get|--namespace') REPLY='v' ;;
    'metafield definition get|--code') REPLY='v' ;;
    'metafield definition get|--json') REPLY='l namespace code definitionName fieldType multi description optionMap schemaRule pinned' ;;
    'metafield definition get|-q' | 'metafield definition get|--jq') REPLY='v' ;;
    'metafield definition create|--namespace') REPLY='v' ;;
    'metafield definition create|--code') REPLY='v' ;;
    'metafield definition create|--definition-name') REPLY='v' ;;
    'metafield definition create|--field-type') REPLY='w SingleLineText MultiLineText Integer Decimal MonthDay Date DateTime Weight Size Volume Product Customer SKU Collection Page File Color Money Url Boolean' ;;
    'metafield definition create|--description') REPLY='v' ;;
    'metafield definition create|--multi') REPLY='w true false' ;;
    'metafield definition create|--pinned') REPLY='w true false' ;;
    'metafield definition create|--schema-rule') REPLY='v' ;;
    'metafield definition create|--option-map') REPLY='v' ;;
    'metafield definition create|--json') REPLY='l namespace code definitionName fieldType multi description optionMap schemaRule pinned' ;;
    'metafield definition create|-q' | 'metafield definition create|--jq') REPLY='v' ;;
    'metafield definition update|--namespace') REPLY='v' ;;
    'metafield definition update|--code') REPLY='v' ;;
    'metafield definition update|--definition-name') REPLY='v' ;;
    'metafield definition update|--field-type') REPLY='w SingleLineText MultiLineText Integer Decimal MonthDay Date DateTime Weight Size Volume Product Customer SKU Collection Page File Color Money Url Boolean' ;;
    'metafield definition update|--description') REPLY='v' ;;
    'metafield definition update|--multi') REPLY='w true false' ;;
    'metafield definition update|--pinned') REPLY='w true false' ;;
    'metafield definition update|--schema-rule') REPLY='v' ;;
    'metafield definition update|--option-map') REPLY='v' ;;
    'metafield definition update|--json') REPLY='l namespace code definitionName fieldType multi description optionMap schemaRule pinned' ;;
    'metafield definition update|-q' | 'metafield definition update|--jq') REPLY='v' ;;
    'metafield definition delete|--namespace') REPLY='v' ;;
    'metafield definition delete|--code') REPLY='v' ;;
    'metafield definition delete|--json') REPLY='l namespace code definitionName fieldType multi description optionMap schemaRule pinned' ;;
    'metafield definition delete|-q' | 'metafield definition delete|--jq') REPLY='v' ;;
    'metafield definition export|--output') REPLY='f' ;;
    'metafield definition export|--report') REPLY='v' ;;
    'metafield definition import|--report') REPLY='v' ;;
    'metafield definition import|--json') REPLY='l created updated unchanged failed' ;;
    'metafield definition import|-q' | 'metafield definition import|--jq') REPLY='v' ;;
    'product list|--title') REPLY='v' ;;
    'product list|--status') REPLY='w active draft archived' ;;
    'product list|--collection') REPLY='v' ;;
    'product list|--category') REPLY='v' ;;
    'product list|--limit') REPLY='v' ;;
    'product list|--page-token') REPLY='v' ;;
    'product list|--json') REPLY='l productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels' ;;
    'product list|--jsonl') REPLY='l productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels' ;;
    'product list|-q' | 'product list|--jq') REPLY='v' ;;
    'product list|--columns') REPLY='l productId title status vendor productType categoryId variants price' ;;
    'product count|--title') REPLY='v' ;;
    'product count|--status') REPLY='w active draft archived' ;;
    'product count|--collection') REPLY='v' ;;
    'product count|--category') REPLY='v' ;;
    'product count|--json') REPLY='l count' ;;
    'product count|-q' | 'product count|--jq') REPLY='v' ;;
    'product create|--file') REPLY='f' ;;
    'product create|--title') REPLY='v' ;;
    'product create|--sub-title') REPLY='v' ;;
    'product create|--body-html') REPLY='v' ;;
    'product create|--vendor') REPLY='v' ;;
    'product create|--product-type') REPLY='v' ;;
    'product create|--status') REPLY='w active draft archived' ;;
    'product create|--category') REPLY='v' ;;
    'product create|--collection') REPLY='v' ;;
    'product create|--image') REPLY='v' ;;
    'product create|--option') REPLY='v' ;;
    'product create|--price') REPLY='v' ;;
    'product create|--compare-of-price') REPLY='v' ;;
    'product create|--cost-price') REPLY='v' ;;
    'product create|--sku') REPLY='v' ;;
    'product create|--barcode') REPLY='v' ;;
    'product create|--weight') REPLY='v' ;;
    'product create|--weight-unit') REPLY='w g kg lb oz' ;;
    'product create|--inventory') REPLY='v' ;;
    'product create|--location') REPLY='v' ;;
    'product create|--location-id') REPLY='v' ;;
    'product create|--json') REPLY='l productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels' ;;
    'product create|-q' | 'product create|--jq') REPLY='v' ;;
    'product create|--columns') REPLY='l productId variantId options sku price compareOfPrice costPrice weight weightUnit stock barcode' ;;
    'product get|--json') REPLY='l productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels' ;;
    'product get|-q' | 'product get|--jq') REPLY='v' ;;
    'product get|--columns') REPLY='l productId variantId options sku price compareOfPrice costPrice weight weightUnit stock barcode' ;;
    'product edit|--file') REPLY='f' ;;
    'product edit|--title') REPLY='v' ;;
    'product edit|--sub-title') REPLY='v' ;;
    'product edit|--body-html') REPLY='v' ;;
    'product edit|--vendor') REPLY='v' ;;
    'product edit|--product-type') REPLY='v' ;;
    'product edit|--status') REPLY='w active draft archived' ;;
    'product edit|--category') REPLY='v' ;;
    'product edit|--collection') REPLY='v' ;;
    'product edit|--image') REPLY='v' ;;
    'product edit|--option') REPLY='v' ;;
    'product edit|--price') REPLY='v' ;;
    'product edit|--compare-of-price') REPLY='v' ;;
    'product edit|--cost-price') REPLY='v' ;;
    'product edit|--sku') REPLY='v' ;;
    'product edit|--barcode') REPLY='v' ;;
    'product edit|--weight') REPLY='v' ;;
    'product edit|--weight-unit') REPLY='w g kg lb oz' ;;
    'product edit|--inventory') REPLY='v' ;;
    'product edit|--location') REPLY='v' ;;
    'product edit|--location-id') REPLY='v' ;;
    'product edit|--json') REPLY='l productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels' ;;
    'product edit|-q' | 'product edit|--jq') REPLY='v' ;;
    'product edit|--columns') REPLY='l productId variantId options sku price compareOfPrice costPrice weight weightUnit stock barcode' ;;
    'product delete|--json') REPLY='l method path body' ;;
    'product delete|-q' | 'product delete|--jq') REPLY='v' ;;
    'product export|--output') REPLY='f' ;;
    'product export|--concurrency') REPLY='v' ;;
    'product export|--report') REPLY='v' ;;
    'product import|--key') REPLY='w handle sku id' ;;
    'product import|--rejects') REPLY='f' ;;
    'product import|--results') REPLY='f' ;;
    'product import|--shard') REPLY='v' ;;
    'product import|--concurrency') REPLY='v' ;;
    'product import|--give-up-after') REPLY='v' ;;
    'product import|--max-rejects') REPLY='v' ;;
    'product import|--report') REPLY='v' ;;
    'product import|--json') REPLY='l rows created updated unchanged failed unfinished requests refused elapsedMs runId' ;;
    'product import|-q' | 'product import|--jq') REPLY='v' ;;
    'category search|--json') REPLY='l categoryId categoryName parentCategoryId' ;;
    'category search|--jsonl') REPLY='l categoryId categoryName parentCategoryId' ;;
    'category search|-q' | 'category search|--jq') REPLY='v' ;;
    'category search|--columns') REPLY='l categoryId categoryName parentCategoryId path' ;;
    'collection list|--title') REPLY='v' ;;
    'collection list|--collection-type') REPLY='w custom smart manual' ;;
    'collection list|--json') REPLY='l collectionId title collectionType bodyHtml published image collects countGoodsNum' ;;
    'collection list|--jsonl') REPLY='l collectionId title collectionType bodyHtml published image collects countGoodsNum' ;;
    'collection list|-q' | 'collection list|--jq') REPLY='v' ;;
    'collection list|--columns') REPLY='l collectionId title collectionType countGoodsNum published' ;;
    'collection get|--json') REPLY='l collectionId title collectionType bodyHtml published image collects countGoodsNum' ;;
    'collection get|-q' | 'collection get|--jq') REPLY='v' ;;
    'collection count|--title') REPLY='v' ;;
    'collection count|--collection-type') REPLY='w custom smart manual' ;;
    'collection count|--json') REPLY='l count' ;;
    'collection count|-q' | 'collection count|--jq') REPLY='v' ;;
    'collection create|--file') REPLY='f' ;;
    'collection create|--title') REPLY='v' ;;
    'collection create|--collection-type') REPLY='w custom smart manual' ;;
    'collection create|--body-html') REPLY='v' ;;
    'collection create|--image-url') REPLY='v' ;;
    'collection create|--json') REPLY='l collectionId title collectionType bodyHtml published image collects countGoodsNum' ;;
    'collection create|-q' | 'collection create|--jq') REPLY='v' ;;
    'collection update|--file') REPLY='f' ;;
    'collection update|--title') REPLY='v' ;;
    'collection update|--collection-type') REPLY='w custom smart manual' ;;
    'collection update|--body-html') REPLY='v' ;;
    'collection update|--image-url') REPLY='v' ;;
    'collection update|--json') REPLY='l collectionId title collectionType bodyHtml published image collects countGoodsNum' ;;
    'collection update|-q' | 'collection update|--jq') REPLY='v' ;;
    'collection delete|--json') REPLY='l method path body' ;;
    'collection delete|-q' | 'collection delete|--jq') REPLY='v' ;;
    'collection add|--json') REPLY='l collectionId title collectionType bodyHtml published image collects countGoodsNum' ;;
    'collection add|-q' | 'collection add|--jq') REPLY='v' ;;
    'collection remove|--json') REPLY='l collectionId title collectionType bodyHtml published image collects countGoodsNum' ;;
    'collection remove|-q' | 'collection remove|--jq') REPLY='v' ;;
    'collection products|--limit') REPLY='v' ;;
    'collection products|--page-token') REPLY='v' ;;
    'collection products|--json') REPLY='l productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels' ;;
    'collection products|--jsonl') REPLY='l productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels' ;;
    'collection products|-q' | 'collection products|--jq') REPLY='v' ;;
    'collection products|--columns') REPLY='l productId title status vendor productType categoryId variants price' ;;
    'location list|--limit') REPLY='v' ;;
    'location list|--page-token') REPLY='v' ;;
    'location list|--json') REPLY='l locationId name address1 address2 city province country zip phone createTime updateTime' ;;
    'location list|--jsonl') REPLY='l locationId name address1 address2 city province country zip phone createTime updateTime' ;;
    'location list|-q' | 'location list|--jq') REPLY='v' ;;
    'location list|--columns') REPLY='l locationId name city country' ;;
    'location get|--json') REPLY='l locationId name address1 address2 city province country zip phone createTime updateTime' ;;
    'location get|-q' | 'location get|--jq') REPLY='v' ;;
    'location count|--json') REPLY='l count' ;;
    'location count|-q' | 'location count|--jq') REPLY='v' ;;
    'location create|--name') REPLY='v' ;;
    'location create|--address1') REPLY='v' ;;
    'location create|--address2') REPLY='v' ;;
    'location create|--city') REPLY='v' ;;
    'location create|--province') REPLY='v' ;;
    'location create|--country') REPLY='v' ;;
    'location create|--zip') REPLY='v' ;;
    'location create|--phone') REPLY='v' ;;
    'location create|--json') REPLY='l locationId name address1 address2 city province country zip phone createTime updateTime' ;;
    'location create|-q' | 'location create|--jq') REPLY='v' ;;
    'location update|--name') REPLY='v' ;;
    'location update|--address1') REPLY='v' ;;
    'location update|--address2') REPLY='v' ;;
    'location update|--city') REPLY='v' ;;
    'location update|--province') REPLY='v' ;;
    'location update|--country') REPLY='v' ;;
    'location update|--zip') REPLY='v' ;;
    'location update|--phone') REPLY='v' ;;
    'location update|--json') REPLY='l locationId name address1 address2 city province country zip phone createTime updateTime' ;;
    'location update|-q' | 'location update|--jq') REPLY='v' ;;
    'location delete|--json') REPLY='l method path body' ;;
    'location delete|-q' | 'location delete|--jq') REPLY='v' ;;
    'inventory list|--product') REPLY='v' ;;
    'inventory list|--variant') REPLY='v' ;;
    'inventory list|--location') REPLY='v' ;;
    'inventory list|--limit') REPLY='v' ;;
    'inventory list|--page-token') REPLY='v' ;;
    'inventory list|--json') REPLY='l productId variantId sku locationId available' ;;
    'inventory list|--jsonl') REPLY='l productId variantId sku locationId available' ;;
    'inventory list|-q' | 'inventory list|--jq') REPLY='v' ;;
    'inventory list|--columns') REPLY='l productId variantId sku location available' ;;
    'inventory set|--location') REPLY='v' ;;
    'inventory set|--quantity') REPLY='v' ;;
    'inventory set|--adjust') REPLY='v' ;;
    'inventory set|--json') REPLY='l productId variantId sku locationId available' ;;
    'inventory set|-q' | 'inventory set|--jq') REPLY='v' ;;
    'shop info|--json') REPLY='l shopId shopName domain country currency timezone ianaTimezone mail description logo weightUnit' ;;
    'shop info|-q' | 'shop info|--jq') REPLY='v' ;;
    'customer list|--limit') REPLY='v' ;;
    'customer list|--since-id') REPLY='v' ;;
    'customer list|--page-token') REPLY='v' ;;
    'customer list|--json') REPLY='l id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld' ;;
    'customer list|--jsonl') REPLY='l id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld' ;;
    'customer list|-q' | 'customer list|--jq') REPLY='v' ;;
    'customer list|--columns') REPLY='l id firstName lastName email phone state ordersCount totalSpent tags' ;;
    'customer search|--email') REPLY='v' ;;
    'customer search|--phone') REPLY='v' ;;
    'customer search|--name') REPLY='v' ;;
    'customer search|--limit') REPLY='v' ;;
    'customer search|--page-token') REPLY='v' ;;
    'customer search|--json') REPLY='l id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld' ;;
    'customer search|--jsonl') REPLY='l id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld' ;;
    'customer search|-q' | 'customer search|--jq') REPLY='v' ;;
    'customer search|--columns') REPLY='l id firstName lastName email phone state ordersCount totalSpent tags' ;;
    'customer get|--json') REPLY='l id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld' ;;
    'customer get|-q' | 'customer get|--jq') REPLY='v' ;;
    'customer count|--json') REPLY='l count' ;;
    'customer count|-q' | 'customer count|--jq') REPLY='v' ;;
    'customer create|--first-name') REPLY='v' ;;
    'customer create|--last-name') REPLY='v' ;;
    'customer create|--email') REPLY='v' ;;
    'customer create|--phone') REPLY='v' ;;
    'customer create|--notes') REPLY='v' ;;
    'customer create|--tag') REPLY='v' ;;
    'customer create|--tax-exempt') REPLY='w true false' ;;
    'customer create|--json') REPLY='l id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld' ;;
    'customer create|-q' | 'customer create|--jq') REPLY='v' ;;
    'customer update|--first-name') REPLY='v' ;;
    'customer update|--last-name') REPLY='v' ;;
    'customer update|--email') REPLY='v' ;;
    'customer update|--phone') REPLY='v' ;;
    'customer update|--notes') REPLY='v' ;;
    'customer update|--tag') REPLY='v' ;;
    'customer update|--tax-exempt') REPLY='w true false' ;;
    'customer update|--json') REPLY='l id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld' ;;
    'customer update|-q' | 'customer update|--jq') REPLY='v' ;;
    'customer delete|--json') REPLY='l method path body' ;;
    'customer delete|-q' | 'customer delete|--jq') REPLY='v' ;;
    'discount list|--status') REPLY='v' ;;
    'discount list|--discount-method') REPLY='v' ;;
    'discount list|--discount-type') REPLY='v' ;;
    'discount list|--since-id') REPLY='v' ;;
    'discount list|--limit') REPLY='v' ;;
    'discount list|--page-token') REPLY='v' ;;
    'discount list|--json') REPLY='l id title discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime' ;;
    'discount list|--jsonl') REPLY='l id title discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime' ;;
    'discount list|-q' | 'discount list|--jq') REPLY='v' ;;
    'discount list|--columns') REPLY='l id title discountType valueType value discountMethod status startTime endTime' ;;
    'discount get|--json') REPLY='l id title discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime' ;;
    'discount get|-q' | 'discount get|--jq') REPLY='v' ;;
    'discount create|--title') REPLY='v' ;;
    'discount create|--discount-type') REPLY='v' ;;
    'discount create|--value-type') REPLY='v' ;;
    'discount create|--value') REPLY='v' ;;
    'discount create|--eligibility') REPLY='v' ;;
    'discount create|--segment-ids') REPLY='v' ;;
    'discount create|--start-time') REPLY='v' ;;
    'discount create|--end-time') REPLY='v' ;;
    'discount create|--usage-limit') REPLY='v' ;;
    'discount create|--once-per-customer') REPLY='w true false' ;;
    'discount create|--discount-method') REPLY='v' ;;
    'discount create|--json') REPLY='l id title discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime' ;;
    'discount create|-q' | 'discount create|--jq') REPLY='v' ;;
    'discount update|--title') REPLY='v' ;;
    'discount update|--discount-type') REPLY='v' ;;
    'discount update|--value-type') REPLY='v' ;;
    'discount update|--value') REPLY='v' ;;
    'discount update|--eligibility') REPLY='v' ;;
    'discount update|--segment-ids') REPLY='v' ;;
    'discount update|--start-time') REPLY='v' ;;
    'discount update|--end-time') REPLY='v' ;;
    'discount update|--usage-limit') REPLY='v' ;;
    'discount update|--once-per-customer') REPLY='w true false' ;;
    'discount update|--json') REPLY='l id title discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime' ;;
    'discount update|-q' | 'discount update|--jq') REPLY='v' ;;
    'discount enable|--json') REPLY='l id title discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime' ;;
    'discount enable|-q' | 'discount enable|--jq') REPLY='v' ;;
    'discount disable|--json') REPLY='l id title discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime' ;;
    'discount disable|-q' | 'discount disable|--jq') REPLY='v' ;;
    'discount delete|--json') REPLY='l method path body' ;;
    'discount delete|-q' | 'discount delete|--jq') REPLY='v' ;;
    'discount import|--discount') REPLY='v' ;;
    'discount import|--codes-out') REPLY='f' ;;
    'discount import|--rejects') REPLY='f' ;;
    'discount import|--results') REPLY='f' ;;
    'discount import|--shard') REPLY='v' ;;
    'discount import|--concurrency') REPLY='v' ;;
    'discount import|--give-up-after') REPLY='v' ;;
    'discount import|--max-rejects') REPLY='v' ;;
    'discount import|--report') REPLY='v' ;;
    'discount import|--json') REPLY='l rows created updated unchanged failed unfinished requests refused elapsedMs runId' ;;
    'discount import|-q' | 'discount import|--jq') REPLY='v' ;;
    'discount export|--discount') REPLY='v' ;;
    'discount export|--format') REPLY='w csv jsonl' ;;
    'discount export|--output') REPLY='f' ;;
    'discount export|--report') REPLY='v' ;;
    'order list|--status') REPLY='w open closed cancelled any' ;;
    'order list|--financial-status') REPLY='w pending authorized partially_paid paid partially_refunded refunded voided' ;;
    'order list|--fulfillment-status') REPLY='w unfulfilled partial fulfilled' ;;
    'order list|--created-since') REPLY='v' ;;
    'order list|--created-until') REPLY='v' ;;
    'order list|--customer') REPLY='v' ;;
    'order list|--limit') REPLY='v' ;;
    'order list|--since-id') REPLY='v' ;;
    'order list|--page-token') REPLY='v' ;;
    'order list|--max-pages') REPLY='v' ;;
    'order list|--json') REPLY='l orderId id name status financialStatus fulfillmentStatus currency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems cancelReason cancelTime createTime updateTime' ;;
    'order list|--jsonl') REPLY='l orderId id name status financialStatus fulfillmentStatus currency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems cancelReason cancelTime createTime updateTime' ;;
    'order list|-q' | 'order list|--jq') REPLY='v' ;;
    'order list|--columns') REPLY='l orderId name createTime status financialStatus fulfillmentStatus totalPrice currency email' ;;
    'order get|--json') REPLY='l orderId id name status financialStatus fulfillmentStatus currency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems cancelReason cancelTime createTime updateTime' ;;
    'order get|-q' | 'order get|--jq') REPLY='v' ;;
    'order count|--status') REPLY='w open closed cancelled any' ;;
    'order count|--financial-status') REPLY='w pending authorized partially_paid paid partially_refunded refunded voided' ;;
    'order count|--fulfillment-status') REPLY='w unfulfilled partial fulfilled' ;;
    'order count|--created-since') REPLY='v' ;;
    'order count|--created-until') REPLY='v' ;;
    'order count|--customer') REPLY='v' ;;
    'order count|--json') REPLY='l count' ;;
    'order count|-q' | 'order count|--jq') REPLY='v' ;;
    'order update|--note') REPLY='v' ;;
    'order update|--tags') REPLY='v' ;;
    'order update|--json') REPLY='l orderId id name status financialStatus fulfillmentStatus currency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems cancelReason cancelTime createTime updateTime' ;;
    'order update|-q' | 'order update|--jq') REPLY='v' ;;
    'order cancel|--reason') REPLY='w customer inventory fraud declined other' ;;
    'order cancel|--json') REPLY='l orderId id name status financialStatus fulfillmentStatus currency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems cancelReason cancelTime createTime updateTime' ;;
    'order cancel|-q' | 'order cancel|--jq') REPLY='v' ;;
    'order export|--since') REPLY='v' ;;
    'order export|--until') REPLY='v' ;;
    'order export|--status') REPLY='w open closed cancelled any' ;;
    'order export|--financial-status') REPLY='w pending authorized partially_paid paid partially_refunded refunded voided' ;;
    'order export|--fulfillment-status') REPLY='w unfulfilled partial fulfilled' ;;
    'order export|--customer') REPLY='v' ;;
    'order export|--output') REPLY='f' ;;
    'order export|--report') REPLY='v' ;;
    'order export|--json') REPLY='l orders rows resumedAfter windowLimited requests refused elapsedMs' ;;
    'order export|-q' | 'order export|--jq') REPLY='v' ;;
    'webhook listen|--port') REPLY='v' ;;
    'webhook listen|--host') REPLY='v' ;;
    'webhook listen|--secret') REPLY='v' ;;
    'webhook listen|--forward-to') REPLY='v' ;;
    'webhook listen|--log') REPLY='f' ;;
    'webhook listen|--json') REPLY='l receivedAt topic webhookId triggeredAt apiVersion brand shopDomain productId title verified status forwardStatus payload' ;;
    'webhook listen|--jsonl') REPLY='l receivedAt topic webhookId triggeredAt apiVersion brand shopDomain productId title verified status forwardStatus payload' ;;
    'webhook listen|-q' | 'webhook listen|--jq') REPLY='v' ;;
    'webhook trigger|--to') REPLY='v' ;;
    'webhook trigger|--secret') REPLY='v' ;;
    'webhook trigger|--brand') REPLY='w service genstore' ;;
    'webhook trigger|--product-id') REPLY='v' ;;
    'webhook trigger|--file') REPLY='f' ;;
    'webhook trigger|--set') REPLY='v' ;;
    'webhook trigger|--json') REPLY='l topic webhookId productId url status' ;;
    'webhook trigger|-q' | 'webhook trigger|--jq') REPLY='v' ;;
    'webhook resend|--log') REPLY='f' ;;
    'webhook resend|--to') REPLY='v' ;;
    'webhook resend|--secret') REPLY='v' ;;
    'webhook resend|--brand') REPLY='w service genstore' ;;
    'webhook resend|--json') REPLY='l topic webhookId productId url status' ;;
    'webhook resend|-q' | 'webhook resend|--jq') REPLY='v' ;;
    'webhook subscribe|--topic') REPLY='w products/create products/update products/delete orders/create orders/update orders/delete orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge discounts/create discounts/update discounts/delete collections/create collections/update collections/delete app/scopesUpdate app/uninstalled app/authorizationCodeGranted customers/data_request customers/redact shop/redact' ;;
    'webhook subscribe|--address') REPLY='v' ;;
    'webhook subscribe|--json') REPLY='l id address topic format createTime updateTime' ;;
    'webhook subscribe|-q' | 'webhook subscribe|--jq') REPLY='v' ;;
    'webhook subscriptions|--topic') REPLY='w products/create products/update products/delete orders/create orders/update orders/delete orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge discounts/create discounts/update discounts/delete collections/create collections/update collections/delete app/scopesUpdate app/uninstalled app/authorizationCodeGranted customers/data_request customers/redact shop/redact' ;;
    'webhook subscriptions|--address') REPLY='v' ;;
    'webhook subscriptions|--json') REPLY='l id address topic format createTime updateTime' ;;
    'webhook subscriptions|--jsonl') REPLY='l id address topic format createTime updateTime' ;;
    'webhook subscriptions|-q' | 'webhook subscriptions|--jq') REPLY='v' ;;
    'webhook subscriptions|--columns') REPLY='l id topic address createTime' ;;
    'webhook unsubscribe|--json') REPLY='l method path body' ;;
    'webhook unsubscribe|-q' | 'webhook unsubscribe|--jq') REPLY='v' ;;
    'webhook subscription update|--address') REPLY='v' ;;
    'webhook subscription update|--topic') REPLY='w products/create products/update products/delete orders/create orders/update orders/delete orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge discounts/create discounts/update discounts/delete collections/create collections/update collections/delete app/scopesUpdate app/uninstalled app/authorizationCodeGranted customers/data_request customers/redact shop/redact' ;;
    'webhook subscription update|--json') REPLY='l id address topic format createTime updateTime' ;;
    'webhook subscription update|-q' | 'webhook subscription update|--jq') REPLY='v' ;;
    'webhook subscription count|--topic') REPLY='w products/create products/update products/delete orders/create orders/update orders/delete orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge discounts/create discounts/update discounts/delete collections/create collections/update collections/delete app/scopesUpdate app/uninstalled app/authorizationCodeGranted customers/data_request customers/redact shop/redact' ;;
    'webhook subscription count|--address') REPLY='v' ;;
    'webhook subscription count|--json') REPLY='l count' ;;
    'webhook subscription count|-q' | 'webhook subscription count|--jq') REPLY='v' ;;
    'report merge|--report') REPLY='v' ;;
    'report merge|--json') REPLY='l format version command kind source dryRun shards rejects' ;;
    'report merge|-q' | 'report merge|--jq') REPLY='v' ;;
    'undo|--concurrency') REPLY='v' ;;
    'undo|--json') REPLY='l runId restored deleted disabled asBefore leftAlone failed' ;;
    'undo|-q' | 'undo|--jq') REPLY='v' ;;
    'runs|--json') REPLY='l runId command file store started rows created updated unchanged failed undone undoable' ;;
    'runs|--jsonl') REPLY='l runId command file store started rows created updated unchanged failed undone undoable' ;;
    'runs|-q' | 'runs|--jq') REPLY='v' ;;
    'runs|--columns') REPLY='l runId command file store started rows created updated unchanged failed undone undoable' ;;
    'sandbox serve|--host') REPLY='v' ;;
    'sandbox serve|--port') REPLY='v' ;;
    'sandbox serve|--token') REPLY='v' ;;
    'sandbox serve|--data') REPLY='f' ;;
    'sandbox serve|--seed') REPLY='f' ;;
    'sandbox serve|--fail-rate') REPLY='v' ;;
    'sandbox serve|--fail-seed') REPLY='v' ;;
    'sandbox serve|--fault') REPLY='v' ;;
    'sandbox serve|--ids-as') REPLY='w string number' ;;
    'sandbox serve|--dialect') REPLY='w service real' ;;
    'sandbox serve|--definitions') REPLY='f' ;;
    'sandbox serve|--rate-limit') REPLY='v' ;;
    'sandbox serve|--webhook') REPLY='v' ;;
    'sandbox serve|--webhook-secret') REPLY='v' ;;
    'sandbox serve|--shop-name') REPLY='v' ;;
    'sandbox serve|--shop-domain') REPLY='v' ;;
    'sandbox serve|--log-size') REPLY='v' ;;
    'sandbox reset|--data') REPLY='f' ;;
    'sandbox logs|--status') REPLY='v' ;;
    'sandbox logs|--method') REPLY='v' ;;
    'sandbox logs|--path') REPLY='v' ;;
    'sandbox logs|--limit') REPLY='v' ;;
    'sandbox logs|--json') REPLY='l seq time kind method path query status ms tokenLast4 topic webhookId attempt outcome error' ;;
    'sandbox logs|--jsonl') REPLY='l seq time kind method path query status ms tokenLast4 topic webhookId attempt outcome error' ;;
    'sandbox logs|-q' | 'sandbox logs|--jq') REPLY='v' ;;
    'sandbox logs|--columns') REPLY='l time method path status ms tokenLast4' ;;
    'sandbox fault add|--json') REPLY='l id rule method path status probability latencyMs' ;;
    'sandbox fault add|-q' | 'sandbox fault add|--jq') REPLY='v' ;;
    'sandbox fault list|--json') REPLY='l id rule method path status probability latencyMs' ;;
    'sandbox fault list|--jsonl') REPLY='l id rule method path status probability latencyMs' ;;
    'sandbox fault list|-q' | 'sandbox fault list|--jq') REPLY='v' ;;
    'sandbox fault list|--columns') REPLY='l id method path status probability latencyMs' ;;
    'sandbox fault remove|--json') REPLY='l id rule method path status probability latencyMs' ;;
    'sandbox fault remove|--jsonl') REPLY='l id rule method path status probability latencyMs' ;;
    'sandbox fault remove|-q' | 'sandbox fault remove|--jq') REPLY='v' ;;
    'sandbox fault remove|--columns') REPLY='l id method path status probability latencyMs' ;;
    'api|-F' | 'api|--field') REPLY='v' ;;
    'api|-f' | 'api|--raw-field') REPLY='v' ;;
    'api|--input') REPLY='f' ;;
    'api|-H' | 'api|--header') REPLY='v' ;;
    'api|--max-pages') REPLY='v' ;;
    'api|--json') REPLY='o' ;;
    'api|-q' | 'api|--jq') REPLY='v' ;;
    *'|--profile') REPLY='p' ;;
    *'|--base-url') REPLY='v' ;;
    *'|--timeout') REPLY='v' ;;
    *) REPLY= ;;
  esac
}

# REPLY: what positional argument $2 (from 1) of command path $1 takes, coded as above.
_store_cli_argument() {
  case "$1|$2" in
    'auth switch|1') REPLY='p' ;;
    'auth help|'*) REPLY='w login status list switch token logout' ;;
    'config get|1') REPLY='w output page-size import-concurrency color brand api-version' ;;
    'config set|1') REPLY='w output page-size import-concurrency color brand api-version' ;;
    'config unset|1') REPLY='w output page-size import-concurrency color brand api-version' ;;
    'config help|'*) REPLY='w get set unset list' ;;
    'giftcard import|1') REPLY='f' ;;
    'giftcard help|'*) REPLY='w create update disable get search count import export' ;;
    'metafield set|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield get|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield list|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield count|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield delete|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield import|1') REPLY='f' ;;
    'metafield definition list|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield definition get|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield definition create|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield definition update|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield definition delete|1') REPLY='w products variants collections customers orders pages shop' ;;
    'metafield definition export|'*) REPLY='w products variants collections customers orders pages shop' ;;
    'metafield definition import|1') REPLY='f' ;;
    'metafield definition help|'*) REPLY='w list get create update delete export import' ;;
    'metafield help|'*) REPLY='w set get list count delete import export definition' ;;
    'product import|1') REPLY='f' ;;
    'product help|'*) REPLY='w list count create get edit delete export import' ;;
    'category help|'*) REPLY='w search' ;;
    'collection help|'*) REPLY='w list get count create update delete add remove products' ;;
    'location help|'*) REPLY='w list get count create update delete' ;;
    'inventory help|'*) REPLY='w list set' ;;
    'shop help|'*) REPLY='w info' ;;
    'customer help|'*) REPLY='w list search get count create update delete' ;;
    'discount import|1') REPLY='f' ;;
    'discount help|'*) REPLY='w list get create update enable disable delete import export' ;;
    'order help|'*) REPLY='w list get count update cancel export' ;;
    'webhook trigger|1') REPLY='w products/create products/update products/delete orders/create orders/update orders/delete orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge discounts/create discounts/update discounts/delete' ;;
    'webhook subscription help|'*) REPLY='w update count' ;;
    'webhook help|'*) REPLY='w listen trigger resend subscribe subscriptions unsubscribe subscription' ;;
    'report help|'*) REPLY='w merge' ;;
    'sandbox export|1') REPLY='f' ;;
    'sandbox import|1') REPLY='f' ;;
    'sandbox fault help|'*) REPLY='w add list remove' ;;
    'sandbox help|'*) REPLY='w serve reset export import logs fault' ;;
    'api|2') REPLY='f' ;;
    'completion help|'*) REPLY='w bash zsh fish' ;;
    'help|'*) REPLY='w auth config doctor giftcard metafield product category collection location inventory shop customer discount order webhook report undo runs sandbox api completion' ;;
    *) REPLY=v ;;
  esac
}

_store_cli() {
  local cur=${COMP_WORDS[COMP_CWORD]} path= pending= word i n=0 REPLY IFS=$' \t\n'
  local globals='--profile --base-url --sandbox --verbose --no-color --timeout --insecure'
  COMPREPLY=()
  # Walk the words before the cursor: command words extend the path, a flag that takes a
  # value swallows the next word (bash splits --flag=value at '='), the rest are arguments.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if [[ -n $pending ]]; then
      [[ $word == = ]] && continue
      if [[ $pending == v || $word != -* ]]; then
        pending=
        continue
      fi
      pending=
    fi
    if [[ $word == -* ]]; then
      _store_cli_option "$path" "$word"
      case $REPLY in '') ;; o | l\ *) pending=o ;; *) pending=v ;; esac
      continue
    fi
    _store_cli_subcommands "$path"
    if [[ " $REPLY " == *" $word "* ]]; then
      path=${path:+$path }$word
    else
      ((n++))
    fi
  done
  [[ $cur == = ]] && cur=

  if [[ $pending == v ]]; then
    word=${COMP_WORDS[COMP_CWORD-1]}
    [[ $word == = ]] && word=${COMP_WORDS[COMP_CWORD-2]}
    _store_cli_option "$path" "$word"
  elif [[ $cur == -* ]]; then
    _store_cli_flags "$path"
    [[ -n $path ]] && REPLY="$REPLY $globals"
    COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
    return 0
  elif [[ $pending == o ]]; then
    # commander takes the next word as the optional value: complete it when it is a list.
    word=${COMP_WORDS[COMP_CWORD-1]}
    [[ $word == = ]] && word=${COMP_WORDS[COMP_CWORD-2]}
    _store_cli_option "$path" "$word"
    [[ $REPLY == l\ * ]] || return 0
  else
    _store_cli_subcommands "$path"
    if [[ -n $REPLY ]]; then
      COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
      return 0
    fi
    _store_cli_argument "$path" $((n + 1))
  fi

  case $REPLY in
    w\ *) COMPREPLY=($(compgen -W "${REPLY#w }" -- "$cur")) ;;
    l\ *)
      # The names after the last comma; the ones before it stay as typed.
      compopt -o nospace 2>/dev/null
      COMPREPLY=($(compgen -P "${cur%"${cur##*,}"}" -W "${REPLY#l }" -- "${cur##*,}"))
      ;;
    f)
      compopt -o filenames 2>/dev/null
      IFS=$'\n'
      COMPREPLY=($(compgen -f -- "$cur"))
      ;;
    p)
      IFS=$'\n'
      COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" __complete profiles 2>/dev/null)" -- "$cur"))
      ;;
  esac
  return 0
}

complete -F _store_cli store-cli
