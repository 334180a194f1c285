# fish completion for store-cli
# Generated from the command tree by `npm run generate:completions`: do not edit.
# Install: store-cli completion fish > ~/.config/fish/completions/store-cli.fish

# The subcommands of command path $argv[1] ('' is store-cli itself), one a line.
function __store_cli_subcommands
    switch "$argv[1]"
        case ''
            printf '%s\n' auth config doctor giftcard metafield product category collection location inventory market page file theme shop customer discount order fulfillment payment refund webhook report undo runs sandbox api completion commands mcp version init prompt help
        case 'auth'
            printf '%s\n' login status list switch token logout help
        case 'config'
            printf '%s\n' get set unset list help
        case 'giftcard'
            printf '%s\n' create update disable get search count import export help
        case 'metafield'
            printf '%s\n' set get list count delete import export definition help
        case 'metafield definition'
            printf '%s\n' list get create update delete export import help
        case 'product'
            printf '%s\n' list count create get edit delete export import help
        case 'category'
            printf '%s\n' search help
        case 'collection'
            printf '%s\n' list get count create update delete add remove products help
        case 'location'
            printf '%s\n' list get count create update delete help
        case 'inventory'
            printf '%s\n' list set help
        case 'market'
            printf '%s\n' list get count create update delete help
        case 'page'
            printf '%s\n' get create update delete help
        case 'file'
            printf '%s\n' list upload search help
        case 'theme'
            printf '%s\n' list asset help
        case 'theme asset'
            printf '%s\n' get put help
        case 'shop'
            printf '%s\n' info languages help
        case 'customer'
            printf '%s\n' list search get count create update delete import export help
        case 'discount'
            printf '%s\n' list get count create update enable disable delete import export help
        case 'order'
            printf '%s\n' list get count create update cancel export help
        case 'fulfillment'
            printf '%s\n' list count create update-tracking cancel import help
        case 'payment'
            printf '%s\n' get help
        case 'refund'
            printf '%s\n' list get create help
        case 'webhook'
            printf '%s\n' listen trigger resend subscribe subscriptions unsubscribe subscription help
        case 'webhook subscription'
            printf '%s\n' update count help
        case 'report'
            printf '%s\n' merge help
        case 'sandbox'
            printf '%s\n' serve reset export import logs fault help
        case 'sandbox fault'
            printf '%s\n' add list remove help
        case 'completion'
            printf '%s\n' bash zsh fish help
        case 'mcp'
            printf '%s\n' approve plans
    end
end

# What flag $argv[2] of command path $argv[1] takes: value, optional, or nothing.
function __store_cli_option
    switch "$argv[1]|$argv[2]"
        case 'auth login|--brand' 'auth status|-q' 'auth status|--jq' 'auth list|-q' 'auth list|--jq' 'auth list|--columns' 'config get|-q' 'config get|--jq' 'config list|-q' 'config list|--jq' 'config list|--columns' 'doctor|-q' 'doctor|--jq' 'doctor|--columns' 'giftcard create|--code' 'giftcard create|--initial-value' 'giftcard create|--customer-id' 'giftcard create|--customer' 'giftcard create|--note' 'giftcard create|--expire-time' 'giftcard create|-q' 'giftcard create|--jq' 'giftcard update|--balance' 'giftcard update|--note' 'giftcard update|--expire-time' 'giftcard update|-q' 'giftcard update|--jq' 'giftcard disable|-q' 'giftcard disable|--jq' 'giftcard get|-q' 'giftcard get|--jq' 'giftcard search|--limit' 'giftcard search|--since-id' 'giftcard search|--status' 'giftcard search|--page-token' 'giftcard search|--last-characters' 'giftcard search|--max-pages' 'giftcard search|-q' 'giftcard search|--jq' 'giftcard search|--columns' 'giftcard count|-q' 'giftcard count|--jq' 'giftcard import|--codes-out' 'giftcard import|--rejects' 'giftcard import|--results' 'giftcard import|--shard' 'giftcard import|--concurrency' 'giftcard import|--give-up-after' 'giftcard import|--max-rejects' 'giftcard import|--report' 'giftcard import|-q' 'giftcard import|--jq' 'giftcard export|--status' 'giftcard export|--since-id' 'giftcard export|--last-characters' 'giftcard export|--output' 'giftcard export|--sort' 'giftcard export|--report' 'metafield set|--namespace' 'metafield set|--code' 'metafield set|--value' 'metafield set|--type' 'metafield set|-q' 'metafield set|--jq' 'metafield get|--namespace' 'metafield get|--code' 'metafield get|-q' 'metafield get|--jq' 'metafield list|--namespace' 'metafield list|-q' 'metafield list|--jq' 'metafield list|--columns' 'metafield count|--namespace' 'metafield count|-q' 'metafield count|--jq' 'metafield delete|--namespace' 'metafield delete|--code' 'metafield delete|-q' 'metafield delete|--jq' 'metafield import|--domain' 'metafield import|--rejects' 'metafield import|--results' 'metafield import|--shard' 'metafield import|--concurrency' 'metafield import|--give-up-after' 'metafield import|--max-rejects' 'metafield import|--report' 'metafield import|-q' 'metafield import|--jq' 'metafield export|--domain' 'metafield export|--objects' 'metafield export|--namespace' 'metafield export|--output' 'metafield export|--rejects' 'metafield export|--shard' 'metafield export|--concurrency' 'metafield export|--report' 'metafield export|-q' 'metafield export|--jq' 'metafield definition list|-q' 'metafield definition list|--jq' 'metafield definition list|--columns' 'metafield definition get|--namespace' 'metafield definition get|--code' 'metafield definition get|-q' 'metafield definition get|--jq' 'metafield definition create|--namespace' 'metafield definition create|--code' 'metafield definition create|--definition-name' 'metafield definition create|--field-type' 'metafield definition create|--description' 'metafield definition create|--multi' 'metafield definition create|--pinned' 'metafield definition create|--schema-rule' 'metafield definition create|--option-map' 'metafield definition create|-q' 'metafield definition create|--jq' 'metafield definition update|--namespace' 'metafield definition update|--code' 'metafield definition update|--definition-name' 'metafield definition update|--field-type' 'metafield definition update|--description' 'metafield definition update|--multi' 'metafield definition update|--pinned' 'metafield definition update|--schema-rule' 'metafield definition update|--option-map' 'metafield definition update|-q' 'metafield definition update|--jq' 'metafield definition delete|--namespace' 'metafield definition delete|--code' 'metafield definition delete|-q' 'metafield definition delete|--jq' 'metafield definition export|--output' 'metafield definition export|--report' 'metafield definition import|--report' 'metafield definition import|-q' 'metafield definition import|--jq' 'product list|--title' 'product list|--status' 'product list|--collection' 'product list|--category' 'product list|--limit' 'product list|--page-token' 'product list|-q' 'product list|--jq' 'product list|--columns' 'product count|--title' 'product count|--status' 'product count|--collection' 'product count|--category' 'product count|-q' 'product count|--jq' 'product create|--file' 'product create|--title' 'product create|--sub-title' 'product create|--body-html' 'product create|--vendor' 'product create|--product-type' 'product create|--status' 'product create|--category' 'product create|--collection' 'product create|--image' 'product create|--option' 'product create|--price' 'product create|--compare-of-price' 'product create|--cost-price' 'product create|--sku' 'product create|--barcode' 'product create|--weight' 'product create|--weight-unit' 'product create|--inventory' 'product create|--location' 'product create|--location-id' 'product create|-q' 'product create|--jq' 'product create|--columns' 'product get|-q' 'product get|--jq' 'product get|--columns' 'product edit|--file' 'product edit|--title' 'product edit|--sub-title' 'product edit|--body-html' 'product edit|--vendor' 'product edit|--product-type' 'product edit|--status' 'product edit|--category' 'product edit|--collection' 'product edit|--image' 'product edit|--option' 'product edit|--price' 'product edit|--compare-of-price' 'product edit|--cost-price' 'product edit|--sku' 'product edit|--barcode' 'product edit|--weight' 'product edit|--weight-unit' 'product edit|--inventory' 'product edit|--location' 'product edit|--location-id' 'product edit|-q' 'product edit|--jq' 'product edit|--columns' 'product delete|-q' 'product delete|--jq' 'product export|--output' 'product export|--concurrency' 'product export|--report' 'product import|--key' 'product import|--rejects' 'product import|--results' 'product import|--shard' 'product import|--concurrency' 'product import|--give-up-after' 'product import|--max-rejects' 'product import|--report' 'product import|-q' 'product import|--jq' 'category search|-q' 'category search|--jq' 'category search|--columns' 'collection list|--title' 'collection list|--collection-type' 'collection list|-q' 'collection list|--jq' 'collection list|--columns' 'collection get|-q' 'collection get|--jq' 'collection count|--title' 'collection count|--collection-type' 'collection count|-q' 'collection count|--jq' 'collection create|--file' 'collection create|--title' 'collection create|--collection-type' 'collection create|--body-html' 'collection create|--image-url' 'collection create|-q' 'collection create|--jq' 'collection update|--file' 'collection update|--title' 'collection update|--collection-type' 'collection update|--body-html' 'collection update|--image-url' 'collection update|-q' 'collection update|--jq' 'collection delete|-q' 'collection delete|--jq' 'collection add|-q' 'collection add|--jq' 'collection remove|-q' 'collection remove|--jq' 'collection products|--limit' 'collection products|--page-token' 'collection products|-q' 'collection products|--jq' 'collection products|--columns' 'location list|--limit' 'location list|--page-token' 'location list|-q' 'location list|--jq' 'location list|--columns' 'location get|-q' 'location get|--jq' 'location count|-q' 'location count|--jq' 'location create|--name' 'location create|--address1' 'location create|--address2' 'location create|--city' 'location create|--province' 'location create|--country' 'location create|--zip' 'location create|--phone' 'location create|-q' 'location create|--jq' 'location update|--name' 'location update|--address1' 'location update|--address2' 'location update|--city' 'location update|--province' 'location update|--country' 'location update|--zip' 'location update|--phone' 'location update|-q' 'location update|--jq' 'location delete|-q' 'location delete|--jq' 'inventory list|--product' 'inventory list|--variant' 'inventory list|--location' 'inventory list|--limit' 'inventory list|--page-token' 'inventory list|-q' 'inventory list|--jq' 'inventory list|--columns' 'inventory set|--sku' 'inventory set|--location' 'inventory set|--quantity' 'inventory set|--adjust' 'inventory set|-q' 'inventory set|--jq' 'market list|--limit' 'market list|--page-token' 'market list|-q' 'market list|--jq' 'market list|--columns' 'market get|-q' 'market get|--jq' 'market count|-q' 'market count|--jq' 'market create|--name' 'market create|--handle' 'market create|--currency' 'market create|--primary-language' 'market create|--region' 'market create|-q' 'market create|--jq' 'market update|--name' 'market update|--handle' 'market update|--currency' 'market update|--primary-language' 'market update|--region' 'market update|-q' 'market update|--jq' 'market delete|-q' 'market delete|--jq' 'page get|-q' 'page get|--jq' 'page create|--title' 'page create|--handle' 'page create|--content' 'page create|--template-name' 'page create|--visible' 'page create|--publish-time' 'page create|--seo-title' 'page create|--seo-description' 'page create|--cover-by-handle' 'page create|-q' 'page create|--jq' 'page update|--title' 'page update|--handle' 'page update|--content' 'page update|--template-name' 'page update|--visible' 'page update|--publish-time' 'page update|--seo-title' 'page update|--seo-description' 'page update|-q' 'page update|--jq' 'page delete|-q' 'page delete|--jq' 'file list|--limit' 'file list|--since-id' 'file list|--page-token' 'file list|-q' 'file list|--jq' 'file list|--columns' 'file upload|--url' 'file upload|--title' 'file upload|--introduction' 'file upload|--duration' 'file upload|-q' 'file upload|--jq' 'file search|--title' 'file search|--type' 'file search|--limit' 'file search|--page-token' 'file search|-q' 'file search|--jq' 'file search|--columns' 'theme list|-q' 'theme list|--jq' 'theme list|--columns' 'theme asset get|--output' 'theme asset get|-q' 'theme asset get|--jq' 'theme asset put|--file' 'theme asset put|--value' 'theme asset put|--code' 'theme asset put|-q' 'theme asset put|--jq' 'shop info|-q' 'shop info|--jq' 'shop languages|-q' 'shop languages|--jq' 'shop languages|--columns' 'customer list|--limit' 'customer list|--since-id' 'customer list|--page-token' 'customer list|-q' 'customer list|--jq' 'customer list|--columns' 'customer search|--email' 'customer search|--phone' 'customer search|--name' 'customer search|--limit' 'customer search|--page-token' 'customer search|-q' 'customer search|--jq' 'customer search|--columns' 'customer get|-q' 'customer get|--jq' 'customer count|-q' 'customer count|--jq' 'customer create|--first-name' 'customer create|--last-name' 'customer create|--email' 'customer create|--phone' 'customer create|--notes' 'customer create|--tag' 'customer create|--tax-exempt' 'customer create|-q' 'customer create|--jq' 'customer update|--first-name' 'customer update|--last-name' 'customer update|--email' 'customer update|--phone' 'customer update|--notes' 'customer update|--tag' 'customer update|--tax-exempt' 'customer update|-q' 'customer update|--jq' 'customer delete|-q' 'customer delete|--jq' 'customer import|--rejects' 'customer import|--results' 'customer import|--shard' 'customer import|--concurrency' 'customer import|--give-up-after' 'customer import|--max-rejects' 'customer import|--report' 'customer import|-q' 'customer import|--jq' 'customer export|--output' 'customer export|--since-id' 'customer export|--sort' 'customer export|--report' 'discount list|--status' 'discount list|--discount-method' 'discount list|--discount-type' 'discount list|--since-id' 'discount list|--limit' 'discount list|--page-token' 'discount list|-q' 'discount list|--jq' 'discount list|--columns' 'discount get|-q' 'discount get|--jq' 'discount count|--status' 'discount count|--discount-method' 'discount count|--discount-type' 'discount count|-q' 'discount count|--jq' 'discount create|--title' 'discount create|--discount-type' 'discount create|--value-type' 'discount create|--value' 'discount create|--eligibility' 'discount create|--segment-ids' 'discount create|--start-time' 'discount create|--end-time' 'discount create|--usage-limit' 'discount create|--once-per-customer' 'discount create|--discount-method' 'discount create|--code' 'discount create|-q' 'discount create|--jq' 'discount update|--title' 'discount update|--discount-type' 'discount update|--value-type' 'discount update|--value' 'discount update|--eligibility' 'discount update|--segment-ids' 'discount update|--start-time' 'discount update|--end-time' 'discount update|--usage-limit' 'discount update|--once-per-customer' 'discount update|-q' 'discount update|--jq' 'discount enable|-q' 'discount enable|--jq' 'discount disable|-q' 'discount disable|--jq' 'discount delete|-q' 'discount delete|--jq' 'discount import|--like' 'discount import|--codes-out' 'discount import|--rejects' 'discount import|--results' 'discount import|--shard' 'discount import|--concurrency' 'discount import|--give-up-after' 'discount import|--max-rejects' 'discount import|--report' 'discount import|-q' 'discount import|--jq' 'discount export|--output' 'discount export|--report' 'order list|--status' 'order list|--financial-status' 'order list|--fulfillment-status' 'order list|--created-since' 'order list|--created-until' 'order list|--customer' 'order list|--sort' 'order list|--limit' 'order list|--since-id' 'order list|--before-id' 'order list|--page-token' 'order list|--max-pages' 'order list|-q' 'order list|--jq' 'order list|--columns' 'order get|-q' 'order get|--jq' 'order count|--status' 'order count|--financial-status' 'order count|--fulfillment-status' 'order count|--created-since' 'order count|--created-until' 'order count|--customer' 'order count|-q' 'order count|--jq' 'order create|--file' 'order create|--sku' 'order create|--variant-id' 'order create|--email' 'order create|--customer-id' 'order create|--financial-status' 'order create|--total-shipping-price' 'order create|--total-tax' 'order create|--total-discounts' 'order create|--note' 'order create|--tags' 'order create|--source-identifier' 'order create|-q' 'order create|--jq' 'order update|--note' 'order update|--tags' 'order update|-q' 'order update|--jq' 'order cancel|--reason' 'order cancel|-q' 'order cancel|--jq' 'order export|--since' 'order export|--until' 'order export|--status' 'order export|--financial-status' 'order export|--fulfillment-status' 'order export|--customer' 'order export|--output' 'order export|--report' 'order export|-q' 'order export|--jq' 'fulfillment list|-q' 'fulfillment list|--jq' 'fulfillment list|--columns' 'fulfillment count|-q' 'fulfillment count|--jq' 'fulfillment create|--line-items' 'fulfillment create|--tracking-number' 'fulfillment create|--carrier' 'fulfillment create|--tracking-url' 'fulfillment create|-q' 'fulfillment create|--jq' 'fulfillment update-tracking|--tracking-number' 'fulfillment update-tracking|--carrier' 'fulfillment update-tracking|--tracking-url' 'fulfillment update-tracking|-q' 'fulfillment update-tracking|--jq' 'fulfillment cancel|-q' 'fulfillment cancel|--jq' 'fulfillment import|--rejects' 'fulfillment import|--results' 'fulfillment import|--shard' 'fulfillment import|--concurrency' 'fulfillment import|--give-up-after' 'fulfillment import|--max-rejects' 'fulfillment import|--report' 'fulfillment import|-q' 'fulfillment import|--jq' 'payment get|-q' 'payment get|--jq' 'refund list|-q' 'refund list|--jq' 'refund list|--columns' 'refund get|-q' 'refund get|--jq' 'refund create|--line-items' 'refund create|--shipping-price' 'refund create|--amount' 'refund create|--note' 'refund create|-q' 'refund create|--jq' 'webhook listen|--port' 'webhook listen|--host' 'webhook listen|--secret' 'webhook listen|--forward-to' 'webhook listen|--log' 'webhook listen|-q' 'webhook listen|--jq' 'webhook trigger|--to' 'webhook trigger|--secret' 'webhook trigger|--brand' 'webhook trigger|--product-id' 'webhook trigger|--file' 'webhook trigger|--set' 'webhook trigger|-q' 'webhook trigger|--jq' 'webhook resend|--log' 'webhook resend|--to' 'webhook resend|--secret' 'webhook resend|--brand' 'webhook resend|-q' 'webhook resend|--jq' 'webhook subscribe|--address' 'webhook subscribe|--topic' 'webhook subscribe|-q' 'webhook subscribe|--jq' 'webhook subscriptions|--topic' 'webhook subscriptions|--address' 'webhook subscriptions|-q' 'webhook subscriptions|--jq' 'webhook subscriptions|--columns' 'webhook unsubscribe|-q' 'webhook unsubscribe|--jq' 'webhook subscription update|--address' 'webhook subscription update|--topic' 'webhook subscription update|-q' 'webhook subscription update|--jq' 'webhook subscription count|--topic' 'webhook subscription count|--address' 'webhook subscription count|-q' 'webhook subscription count|--jq' 'report merge|--report' 'report merge|-q' 'report merge|--jq' 'undo|--concurrency' 'undo|-q' 'undo|--jq' 'runs|-q' 'runs|--jq' 'runs|--columns' 'sandbox serve|--host' 'sandbox serve|--port' 'sandbox serve|--token' 'sandbox serve|--data' 'sandbox serve|--seed' 'sandbox serve|--fail-rate' 'sandbox serve|--fail-seed' 'sandbox serve|--fault' 'sandbox serve|--ids-as' 'sandbox serve|--dialect' 'sandbox serve|--definitions' 'sandbox serve|--rate-limit' 'sandbox serve|--webhook' 'sandbox serve|--webhook-secret' 'sandbox serve|--shop-name' 'sandbox serve|--shop-domain' 'sandbox serve|--log-size' 'sandbox serve|--stores' 'sandbox reset|--data' 'sandbox logs|--status' 'sandbox logs|--method' 'sandbox logs|--path' 'sandbox logs|--limit' 'sandbox logs|-q' 'sandbox logs|--jq' 'sandbox logs|--columns' 'sandbox fault add|-q' 'sandbox fault add|--jq' 'sandbox fault list|-q' 'sandbox fault list|--jq' 'sandbox fault list|--columns' 'sandbox fault remove|-q' 'sandbox fault remove|--jq' 'sandbox fault remove|--columns' 'api|-X' 'api|--method' 'api|-F' 'api|--field' 'api|-f' 'api|--raw-field' 'api|--input' 'api|-H' 'api|--header' 'api|--max-pages' 'api|-q' 'api|--jq' 'commands|-q' 'commands|--jq' 'mcp|--toolsets' 'mcp|--tools' 'mcp|--exclude-tools' 'mcp|--writes' 'mcp|--policy' 'mcp|--transport' 'mcp|--port' 'mcp|--token-file' 'mcp plans|--state' 'mcp plans|-q' 'mcp plans|--jq' 'mcp plans|--columns' 'version|-q' 'version|--jq' 'prompt|--format' '*|--profile' '*|--env' '*|--group' '*|--parallel' '*|--confirm-store' '*|--base-url' '*|--timeout'
            echo value
        case 'auth status|--json' 'auth list|--json' 'auth list|--jsonl' 'config get|--json' 'config list|--json' 'config list|--jsonl' 'doctor|--json' 'doctor|--jsonl' 'giftcard create|--json' 'giftcard update|--json' 'giftcard disable|--json' 'giftcard get|--json' 'giftcard search|--json' 'giftcard search|--jsonl' 'giftcard count|--json' 'giftcard import|--json' 'metafield set|--json' 'metafield get|--json' 'metafield list|--json' 'metafield list|--jsonl' 'metafield count|--json' 'metafield delete|--json' 'metafield import|--json' 'metafield export|--json' 'metafield definition list|--json' 'metafield definition list|--jsonl' 'metafield definition get|--json' 'metafield definition create|--json' 'metafield definition update|--json' 'metafield definition delete|--json' 'metafield definition import|--json' 'product list|--json' 'product list|--jsonl' 'product count|--json' 'product create|--json' 'product get|--json' 'product edit|--json' 'product delete|--json' 'product import|--json' 'category search|--json' 'category search|--jsonl' 'collection list|--json' 'collection list|--jsonl' 'collection get|--json' 'collection count|--json' 'collection create|--json' 'collection update|--json' 'collection delete|--json' 'collection add|--json' 'collection remove|--json' 'collection products|--json' 'collection products|--jsonl' 'location list|--json' 'location list|--jsonl' 'location get|--json' 'location count|--json' 'location create|--json' 'location update|--json' 'location delete|--json' 'inventory list|--json' 'inventory list|--jsonl' 'inventory set|--json' 'market list|--json' 'market list|--jsonl' 'market get|--json' 'market count|--json' 'market create|--json' 'market update|--json' 'market delete|--json' 'page get|--json' 'page create|--json' 'page update|--json' 'page delete|--json' 'file list|--json' 'file list|--jsonl' 'file upload|--json' 'file search|--json' 'file search|--jsonl' 'theme list|--json' 'theme list|--jsonl' 'theme asset get|--json' 'theme asset put|--json' 'shop info|--json' 'shop languages|--json' 'shop languages|--jsonl' 'customer list|--json' 'customer list|--jsonl' 'customer search|--json' 'customer search|--jsonl' 'customer get|--json' 'customer count|--json' 'customer create|--json' 'customer update|--json' 'customer delete|--json' 'customer import|--json' 'discount list|--json' 'discount list|--jsonl' 'discount get|--json' 'discount count|--json' 'discount create|--json' 'discount update|--json' 'discount enable|--json' 'discount disable|--json' 'discount delete|--json' 'discount import|--json' 'order list|--json' 'order list|--jsonl' 'order get|--json' 'order count|--json' 'order create|--json' 'order update|--json' 'order cancel|--json' 'order export|--json' 'fulfillment list|--json' 'fulfillment list|--jsonl' 'fulfillment count|--json' 'fulfillment create|--json' 'fulfillment update-tracking|--json' 'fulfillment cancel|--json' 'fulfillment import|--json' 'payment get|--json' 'refund list|--json' 'refund list|--jsonl' 'refund get|--json' 'refund create|--json' 'webhook listen|--json' 'webhook listen|--jsonl' 'webhook trigger|--json' 'webhook resend|--json' 'webhook subscribe|--json' 'webhook subscriptions|--json' 'webhook subscriptions|--jsonl' 'webhook unsubscribe|--json' 'webhook subscription update|--json' 'webhook subscription count|--json' 'report merge|--json' 'undo|--json' 'runs|--json' 'runs|--jsonl' 'sandbox logs|--json' 'sandbox logs|--jsonl' 'sandbox fault add|--json' 'sandbox fault list|--json' 'sandbox fault list|--jsonl' 'sandbox fault remove|--json' 'sandbox fault remove|--jsonl' 'api|--json' 'commands|--json' 'mcp plans|--json' 'mcp plans|--jsonl' 'version|--json'
            echo optional
    end
end

# True when the words before the cursor reach command path $argv[1] and, when $argv[2] is
# given, that many positional arguments follow it. A flag that takes a value swallows
# the next word, as commander does.
function __store_cli_at
    set -l words (commandline -opc)
    set -e words[1]
    set -l path ''
    set -l n 0
    set -l pending ''
    for word in $words
        if test -n "$pending"
            set -l was $pending
            set pending ''
            if test $was = value; or not string match -q -- '-*' $word
                continue
            end
        end
        if string match -q -- '-*' $word
            string match -q -- '*=*' $word; and continue
            set pending (__store_cli_option "$path" $word)
            continue
        end
        if contains -- $word (__store_cli_subcommands "$path")
            set path (string trim -- "$path $word")
        else
            set n (math $n + 1)
        end
    end
    test "$path" = "$argv[1]"; or return 1
    test (count $argv) -lt 2; or test $n -eq $argv[2]
end

# Its arguments, one a line: the names a comma-separated list completes from.
function __store_cli_words
    printf '%s\n' $argv
end

# Saved profile names, read by store-cli itself from its config file.
function __store_cli_profiles
    set -l bin (commandline -opc)[1]
    command $bin __complete profiles 2>/dev/null
end

complete -c store-cli -f
complete -c store-cli -l profile -x -a '(__store_cli_profiles)' -d 'use this saved profile (default: STORE_CLI_PROFILE, store.toml\'s env, or "default")'
complete -c store-cli -l env -x -d 'use this environment of the folder\'s store.toml (default: STORE_CLI_ENV or its [store] env); a list a,b or a glob \'prod-*\' runs the command on each (docs/fleet.md)'
complete -c store-cli -l group -x -d 'run the command on each environment of this group of store.toml\'s [groups], such as prod'
complete -c store-cli -l parallel -x -d 'with several stores: how many run at once, 1 to 64 (default: 4)'
complete -c store-cli -l fail-fast -d 'with several stores: start no other store once one failed (by default every store runs)'
complete -c store-cli -s y -l yes -d 'answer yes to confirmations (a protected store also needs --confirm-store without a terminal)'
complete -c store-cli -l confirm-store -x -d 'the shop\'s own domain, such as eu-shop.genmystore.com (\'store-cli shop info\'): a write to a protected store needs it without a terminal'
complete -c store-cli -l base-url -x -d 'the store\'s base URL (http or https), overriding the profile, e.g. https://store.example.com'
complete -c store-cli -l sandbox -d 'run against the embedded sandbox: zero set-up, demo data'
complete -c store-cli -l verbose -d 'log each HTTP request and response on stderr (token redacted); stack traces on errors'
complete -c store-cli -l no-color -d 'no colour (NO_COLOR is honoured too)'
complete -c store-cli -l timeout -x -d 'the most one attempt of a request may take, its whole answer included, in milliseconds: a whole number from 1 to 600000 (10 minutes; default: 30000)'
complete -c store-cli -l insecure -d 'allow sending the token over plain http to a non-loopback host'

# store-cli
complete -c store-cli -n '__store_cli_at \'\'' -s V -l version -d 'print the version'
complete -c store-cli -n '__store_cli_at \'\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'\'' -a auth -d 'Log in to a store, show the credentials and profiles, switch the default profile, print the token, log out'
complete -c store-cli -n '__store_cli_at \'\'' -a config -d 'Per-profile defaults: output format, page size, import concurrency, colour'
complete -c store-cli -n '__store_cli_at \'\'' -a doctor -d 'Check the current profile\'s store, read-only: reachable, TLS, header family, token, shop, scopes, API version, rate limit, paging, id and time forms, product listing, protected customer fields'
complete -c store-cli -n '__store_cli_at \'\'' -a giftcard -d 'Create, update, disable, get, search, count, import and export gift cards'
complete -c store-cli -n '__store_cli_at \'\'' -a metafield -d 'The typed custom values (metafields) of products, variants, customers, orders and other business objects'
complete -c store-cli -n '__store_cli_at \'\'' -a product -d 'List, count, create, get, edit, delete, export and import products (category and collections by name)'
complete -c store-cli -n '__store_cli_at \'\'' -a category -d 'Search product categories (the ids product create takes)'
complete -c store-cli -n '__store_cli_at \'\'' -a collection -d 'List, read, create, change and delete collections, and put products into or take them out of one'
complete -c store-cli -n '__store_cli_at \'\'' -a location -d 'List, show, count, create, change and delete the store\'s locations (where stock is kept)'
complete -c store-cli -n '__store_cli_at \'\'' -a inventory -d 'List and set stock: each variant at each location'
complete -c store-cli -n '__store_cli_at \'\'' -a market -d 'List, show, count, create, change and delete the store\'s markets (regions with their currency and language)'
complete -c store-cli -n '__store_cli_at \'\'' -a page -d 'Create, show, change and delete the store\'s pages of static content (the store lists none)'
complete -c store-cli -n '__store_cli_at \'\'' -a file -d 'Add files to the store\'s library from their URL, list and search them'
complete -c store-cli -n '__store_cli_at \'\'' -a theme -d 'List the store\'s themes, and read and write their assets'
complete -c store-cli -n '__store_cli_at \'\'' -a shop -d 'Show the shop a token belongs to, and its languages'
complete -c store-cli -n '__store_cli_at \'\'' -a customer -d 'List, search, count, get, create, update, delete, import and export customers (protected fields shown as withheld)'
complete -c store-cli -n '__store_cli_at \'\'' -a discount -d 'List, get, count, create, update, enable, disable and delete discounts; import and export them as rows, one a discount with its code'
complete -c store-cli -n '__store_cli_at \'\'' -a order -d 'List, count, get, create, update, cancel and export orders'
complete -c store-cli -n '__store_cli_at \'\'' -a fulfillment -d 'Ship orders: list, count, create, change the tracking of and cancel an order\'s fulfillments; import a file of tracking numbers'
complete -c store-cli -n '__store_cli_at \'\'' -a payment -d 'Show a payment transaction: amount, fee, status, the gateway and its transaction number'
complete -c store-cli -n '__store_cli_at \'\'' -a refund -d 'Give money back on orders: list an order\'s refunds, show one, create one (asks first)'
complete -c store-cli -n '__store_cli_at \'\'' -a webhook -d 'Receive webhook deliveries locally (either header family), send signed sample events to a handler or resend logged ones, or manage the store\'s subscriptions'
complete -c store-cli -n '__store_cli_at \'\'' -a report -d 'Work with the reports of bulk runs (--report): add the shards of one run into one'
complete -c store-cli -n '__store_cli_at \'\'' -a undo -d 'Put back what a writing import or an applied MCP plan changed, from its journal (store-cli runs lists them): planned, asked, paced, resumable'
complete -c store-cli -n '__store_cli_at \'\'' -a runs -d 'List the recent writing imports and applied MCP plans kept for undo (30 days): run id, command, file, store, counts'
complete -c store-cli -n '__store_cli_at \'\'' -a sandbox -d 'Run the local emulator of the whole service; reset, export or import its state, read its request log'
complete -c store-cli -n '__store_cli_at \'\'' -a api -d 'Send any request to the store\'s API with your credentials, like gh api'
complete -c store-cli -n '__store_cli_at \'\'' -a completion -d 'Print the shell completion script for bash, zsh or fish (also in completions/)'
complete -c store-cli -n '__store_cli_at \'\'' -a commands -d 'List every command and what it does to a store, for agents and scripts; --json prints the manifest'
complete -c store-cli -n '__store_cli_at \'\'' -a mcp -d 'Serve the store\'s commands as tools to an agent\'s MCP client (stdio, or loopback HTTP); a write is a plan until you approve it or your policy allows it'
complete -c store-cli -n '__store_cli_at \'\'' -a version -d 'Print the version, as --version does; --json adds the Node.js version and the platform'
complete -c store-cli -n '__store_cli_at \'\'' -a init -d 'Write this folder\'s store.toml from the saved profiles: one environment each, no tokens'
complete -c store-cli -n '__store_cli_at \'\'' -a prompt -d 'Print the active target for a shell prompt ({env}@{domain}), from store.toml and the saved profiles alone: no request'
complete -c store-cli -n '__store_cli_at \'\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli auth
complete -c store-cli -n '__store_cli_at \'auth\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'auth\'' -a login -d 'Save a store base URL and access token under a profile (checks the token first)'
complete -c store-cli -n '__store_cli_at \'auth\'' -a status -d 'Show the profile, base URL and token in use, where each came from, check the token (exit 4 if refused), its shop\'s name and domain, and its scopes'
complete -c store-cli -n '__store_cli_at \'auth\'' -a list -d 'List the saved profiles: base URL, the token\'s last 4 characters, which is the default and which is in use'
complete -c store-cli -n '__store_cli_at \'auth\'' -a switch -d 'Make a saved profile the default: the one used without --profile or STORE_CLI_PROFILE'
complete -c store-cli -n '__store_cli_at \'auth\'' -a token -d 'Print the access token in use, for a script (like gh auth token); in a terminal only with --show'
complete -c store-cli -n '__store_cli_at \'auth\'' -a logout -d 'Forget a profile\'s base URL and token (its configuration defaults stay)'
complete -c store-cli -n '__store_cli_at \'auth\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli auth login
complete -c store-cli -n '__store_cli_at \'auth login\'' -l with-token -d 'read the token from standard input instead of a hidden prompt'
complete -c store-cli -n '__store_cli_at \'auth login\'' -l brand -x -a 'service genstore' -d 'the store\'s header family: service (X-Service-Access-Token) or genstore (X-Genstore-Access-Token); default: found (see below)'
complete -c store-cli -n '__store_cli_at \'auth login\'' -s h -l help -d 'show help'

# store-cli auth status
complete -c store-cli -n '__store_cli_at \'auth status\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words profile profileSource environment storeFile baseUrl baseUrlSource token tokenSource tokenStatus scopes shopName shopDomain shopUnknown\')' -d 'print {profile, profileSource, environment, storeFile, baseUrl, baseUrlSource, token, tokenSource, tokenStatus, scopes, shopName, shopDomain, shopUnknown}: each setting in use with where it came from, and what the store said of the token (null where not known) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'auth status\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'auth status\'' -s h -l help -d 'show help'

# store-cli auth list
complete -c store-cli -n '__store_cli_at \'auth list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words profile baseUrl token default active\')' -d 'print an array of {"profile", "baseUrl", "token", "default", "active"} from the saved profiles (the token as **** and its last 4 characters) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'auth list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words profile baseUrl token default active\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'auth list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'auth list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words profile baseUrl token default active\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'auth list\'' -s h -l help -d 'show help'

# store-cli auth switch
complete -c store-cli -n '__store_cli_at \'auth switch\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'auth switch\' 0' -a '(__store_cli_profiles)' -d 'name'

# store-cli auth token
complete -c store-cli -n '__store_cli_at \'auth token\'' -l show -d 'print the token even though stdout is a terminal (it stays on the screen and in its scrollback)'
complete -c store-cli -n '__store_cli_at \'auth token\'' -s h -l help -d 'show help'

# store-cli auth logout
complete -c store-cli -n '__store_cli_at \'auth logout\'' -s h -l help -d 'show help'

# store-cli auth help
complete -c store-cli -n '__store_cli_at \'auth help\'' -a 'login status list switch token logout' -d 'command'

# store-cli config
complete -c store-cli -n '__store_cli_at \'config\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'config\'' -a get -d 'Print one default of the profile in use (its built-in value when the profile sets none)'
complete -c store-cli -n '__store_cli_at \'config\'' -a set -d 'Set a default of the profile in use (checked first: a bad key or value exits 2 and changes nothing)'
complete -c store-cli -n '__store_cli_at \'config\'' -a unset -d 'Remove a default from the profile in use, so the built-in value applies again'
complete -c store-cli -n '__store_cli_at \'config\'' -a list -d 'Show every default of the profile in use: its value and where it comes from (profile or default)'
complete -c store-cli -n '__store_cli_at \'config\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli config get
complete -c store-cli -n '__store_cli_at \'config get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words key value source\')' -d 'print {"key", "value", "source"} (source: profile or default) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'config get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'config get\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'config get\' 0' -a 'output page-size import-concurrency color brand api-version customer-search' -d 'key'

# store-cli config set
complete -c store-cli -n '__store_cli_at \'config set\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'config set\' 0' -a 'output page-size import-concurrency color brand api-version customer-search' -d 'key'

# store-cli config unset
complete -c store-cli -n '__store_cli_at \'config unset\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'config unset\' 0' -a 'output page-size import-concurrency color brand api-version customer-search' -d 'key'

# store-cli config list
complete -c store-cli -n '__store_cli_at \'config list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words key value source\')' -d 'print an array of {"key", "value", "source"} (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'config list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words key value source\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'config list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'config list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words key value source\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'config list\'' -s h -l help -d 'show help'

# store-cli config help
complete -c store-cli -n '__store_cli_at \'config help\'' -a 'get set unset list' -d 'command'

# store-cli doctor
complete -c store-cli -n '__store_cli_at \'doctor\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words check status detail hint\')' -d 'print an array of {"check", "status", "detail", "hint"} (status: ok, warn or fail) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'doctor\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words check status detail hint\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'doctor\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'doctor\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words check status detail hint\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'doctor\'' -s h -l help -d 'show help'

# store-cli giftcard
complete -c store-cli -n '__store_cli_at \'giftcard\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'giftcard\'' -a create -d 'Create a gift card; without --code a secure code is generated and shown once'
complete -c store-cli -n '__store_cli_at \'giftcard\'' -a update -d 'Set a gift card\'s balance, note or expiry'
complete -c store-cli -n '__store_cli_at \'giftcard\'' -a disable -d 'Disable a gift card for good (there is no re-enable); asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'giftcard\'' -a get -d 'Show one gift card (its code only by the last four characters)'
complete -c store-cli -n '__store_cli_at \'giftcard\'' -a search -d 'List gift cards, filtered by status or last characters; --all follows every page'
complete -c store-cli -n '__store_cli_at \'giftcard\'' -a count -d 'Count all gift cards of the store'
complete -c store-cli -n '__store_cli_at \'giftcard\'' -a import -d 'Bulk-load gift cards from CSV (a migration): creates missing cards, brings existing ones to the file; safe to re-run'
complete -c store-cli -n '__store_cli_at \'giftcard\'' -a export -d 'Write the store\'s gift cards as the CSV that giftcard import reads (codes masked unless --reveal-codes)'
complete -c store-cli -n '__store_cli_at \'giftcard\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli giftcard create
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -l code -x -d 'the code customers redeem (default: 16 random letters and digits from a CSPRNG)'
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -l initial-value -x -d 'initial amount, a decimal such as 50 or 19.99 (at most 2 decimals), sent with 2 decimals (50 → 50.00)'
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -l customer-id -x -d 'numeric id of the customer the card belongs to'
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -l customer -x -d 'the customer the card belongs to, by email: looked up with customer search (one read) and sent as its id'
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -l note -x -d 'internal note, at most 500 characters'
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -l expire-time -x -d 'expiry date as YYYY-MM-DD (default: never expires)'
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'giftcard create\'' -s h -l help -d 'show help'

# store-cli giftcard update
complete -c store-cli -n '__store_cli_at \'giftcard update\'' -l balance -x -d 'the new balance, a decimal such as 12.50 or 0 (at most 2 decimals), sent with the card\'s currency\'s decimals (0 → 0.00; JPY: none); without it the current balance is kept'
complete -c store-cli -n '__store_cli_at \'giftcard update\'' -l note -x -d 'internal note, at most 500 characters ("" clears it)'
complete -c store-cli -n '__store_cli_at \'giftcard update\'' -l expire-time -x -d 'expiry date as YYYY-MM-DD, or "none" so it never expires'
complete -c store-cli -n '__store_cli_at \'giftcard update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'giftcard update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'giftcard update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'giftcard update\'' -s h -l help -d 'show help'

# store-cli giftcard disable
complete -c store-cli -n '__store_cli_at \'giftcard disable\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'giftcard disable\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'giftcard disable\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'giftcard disable\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'giftcard disable\'' -s h -l help -d 'show help'

# store-cli giftcard get
complete -c store-cli -n '__store_cli_at \'giftcard get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'giftcard get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'giftcard get\'' -s h -l help -d 'show help'

# store-cli giftcard search
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l since-id -x -d 'only cards with an id greater than this'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l status -x -a 'enabled disabled expired' -d 'only cards in this status'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l page-token -x -d 'continue from this page cursor (the opaque text a search that stopped before the last page prints on stderr); alone or with --limit: the token carries the filters'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l last-characters -x -d 'only cards whose code ends with these four characters'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l all -d 'follow next-page links to the end, streaming page after page (without it, stderr says when more pages exist)'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l max-pages -x -d 'with --all: stop with an error once this many pages were read and the store still names a next one (default 100000)'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id code lastCharacters balance initialValue currency customerId orderId lineItemId note disableTime expireTime createTime updateTime userId\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id lastCharacters balance currency status expireTime customerId note\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'giftcard search\'' -s h -l help -d 'show help'

# store-cli giftcard count
complete -c store-cli -n '__store_cli_at \'giftcard count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'giftcard count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'giftcard count\'' -s h -l help -d 'show help'

# store-cli giftcard import
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l codes-out -r -F -d 'write the codes generated for rows without a code to this new file (mode 0600); required when a row has none'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l dry-run -d 'validate and print the plan (creates, updates, unchanged): reads the store\'s cards, writes nothing'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l rejects -r -F -d 'write every failed row to this CSV file, with its line number and the reason'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l results -r -F -d 'write a CSV line per row as the run goes: line, key, action (created, updated, unchanged, rejected), the id the store gave, and the value an update replaced'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l shard -x -d 'take only share i of n of the cards (split by code), for n parallel jobs over one file'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l concurrency -x -d 'requests in flight, 1..64 (default: the profile\'s import-concurrency, else 8); the store\'s rate-limit header, or its 429s, pace the run by themselves'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l give-up-after -x -d 'stop (exit 1, with the summary) once the store has refused every request with 429 for this long, such as 90s, 10m or 1h (default 5m)'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l all-or-nothing -d 'run the whole file on a copy of what it touches first (read from the store, GETs only, as --rehearse does) and write nothing unless no row would be rejected there; a write the store still refuses has the run\'s writes taken back from its journal (exit 3, or 1 naming every key left changed). With --shard each shard decides alone'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l max-rejects -x -d 'stop sending writes once more than n rows (a whole number, such as 10) or p% of the rows read (such as 5%, judged from the 100th row on) are rejected: what is in flight finishes, then exit 3 with the summary'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l rehearse -d 'run the whole import on an in-memory copy of what the file touches (read from the store, GETs only), in the store\'s dialect and at its rate: prints the plan, every row the store would reject, the requests and how long they would take; writes nothing to the store'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words rows created updated unchanged partial failed unfinished requests refused elapsedMs runId\')' -d 'print the summary {rows, created, updated, unchanged, partial, failed, unfinished, requests, refused, elapsedMs, runId} as JSON on stdout (partial: rows of which part landed and part was refused; unfinished: rows read but not applied when the run stopped; requests: every attempt sent; refused: those the rate limit refused with 429; runId: the run to undo, null when nothing written is kept) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'giftcard import\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'giftcard import\' 0' -F -d 'file'

# store-cli giftcard export
complete -c store-cli -n '__store_cli_at \'giftcard export\'' -l status -x -a 'enabled disabled expired' -d 'only cards in this status'
complete -c store-cli -n '__store_cli_at \'giftcard export\'' -l since-id -x -d 'only cards with an id greater than this'
complete -c store-cli -n '__store_cli_at \'giftcard export\'' -l last-characters -x -d 'only cards whose code ends with these four characters'
complete -c store-cli -n '__store_cli_at \'giftcard export\'' -l output -r -F -d 'write to this file, which appears only once complete, instead of stdout (- is stdout; a device or FIFO is written in place)'
complete -c store-cli -n '__store_cli_at \'giftcard export\'' -l jsonl -d 'write JSON lines (one object per card, keys as the CSV columns) instead of CSV; giftcard import reads CSV only'
complete -c store-cli -n '__store_cli_at \'giftcard export\'' -l reveal-codes -d 'write whole codes (where the store shows them), so that the file imports into another store; the file is then created with mode 0600'
complete -c store-cli -n '__store_cli_at \'giftcard export\'' -l sort -x -a 'code none' -d 'row order: code (then id; the rows are held until the last page is read) or none (as the store lists them, written page by page)'
complete -c store-cli -n '__store_cli_at \'giftcard export\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'giftcard export\'' -s h -l help -d 'show help'

# store-cli giftcard help
complete -c store-cli -n '__store_cli_at \'giftcard help\'' -a 'create update disable get search count import export' -d 'command'

# store-cli metafield
complete -c store-cli -n '__store_cli_at \'metafield\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield\'' -a set -d 'Create or update one metafield value of a business object (an upsert; an equal value is left alone)'
complete -c store-cli -n '__store_cli_at \'metafield\'' -a get -d 'Show one metafield value of a business object, with its field type and definition'
complete -c store-cli -n '__store_cli_at \'metafield\'' -a list -d 'List the metafield values of a business object, in the order the store gives them'
complete -c store-cli -n '__store_cli_at \'metafield\'' -a count -d 'Count the metafield values of a business object'
complete -c store-cli -n '__store_cli_at \'metafield\'' -a delete -d 'Delete one metafield value of a business object and print it; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'metafield\'' -a import -d 'Bulk-load metafield values from CSV: creates what is missing, updates what differs, skips what is equal; safe to re-run'
complete -c store-cli -n '__store_cli_at \'metafield\'' -a export -d 'Write metafield values as the CSV (or JSON lines) metafield import reads, sorted, for editing, backups and copying stores'
complete -c store-cli -n '__store_cli_at \'metafield\'' -a definition -d 'The metafield definitions: the type, rule and name each (domain, namespace, code) holds; copy them between stores with export and import'
complete -c store-cli -n '__store_cli_at \'metafield\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli metafield set
complete -c store-cli -n '__store_cli_at \'metafield set\'' -l namespace -x -d 'the value\'s namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield set\'' -l code -x -d 'the value\'s code, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield set\'' -l value -x -d 'the value, checked by field type; natural input such as "1.5 kg", "9.99 USD", "yes", "#abc"; a JSON array for multi fields'
complete -c store-cli -n '__store_cli_at \'metafield set\'' -l type -x -a 'SingleLineText MultiLineText Integer Decimal MonthDay Date DateTime Weight Size Volume Product Customer SKU Collection Page File Color Money Url Boolean' -d 'the field type that checks and converts --value (default: the field\'s definition\'s type, else the stored value\'s; without any the value is sent as typed)'
complete -c store-cli -n '__store_cli_at \'metafield set\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'metafield set\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words namespace code value\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield set\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield set\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield set\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield get
complete -c store-cli -n '__store_cli_at \'metafield get\'' -l namespace -x -d 'the value\'s namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield get\'' -l code -x -d 'the value\'s code, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words namespace code fieldType value definitionName description bizResource bizId\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield get\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield get\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield list
complete -c store-cli -n '__store_cli_at \'metafield list\'' -l namespace -x -d 'only values in this namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words namespace code fieldType value definitionName description bizResource bizId\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words namespace code fieldType value definitionName description bizResource bizId\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'metafield list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words namespace code fieldType value\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'metafield list\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield list\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield count
complete -c store-cli -n '__store_cli_at \'metafield count\'' -l namespace -x -d 'only values in this namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield count\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield count\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield delete
complete -c store-cli -n '__store_cli_at \'metafield delete\'' -l namespace -x -d 'the value\'s namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield delete\'' -l code -x -d 'the value\'s code, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield delete\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'metafield delete\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'metafield delete\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words namespace code value\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield delete\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield delete\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield delete\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield import
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l domain -x -a 'products variants collections customers orders pages shop' -d 'the domain of every row, for a file without a domain column (products, variants, collections, customers, orders, pages, shop)'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l dry-run -d 'validate and print the plan (creates, updates, unchanged): reads current values, writes nothing'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l rejects -r -F -d 'write every failed row to this CSV file, with its line number and the reason'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l results -r -F -d 'write a CSV line per row as the run goes: line, key, action (created, updated, unchanged, rejected), the id the store gave, and the value an update replaced'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l shard -x -d 'take only share i of n of the business objects, for n parallel jobs over one file'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l concurrency -x -d 'requests in flight, 1..64 (default: the profile\'s import-concurrency, else 8); the store\'s rate-limit header, or its 429s, pace the run by themselves'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l give-up-after -x -d 'stop (exit 1, with the summary) once the store has refused every request with 429 for this long, such as 90s, 10m or 1h (default 5m)'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l all-or-nothing -d 'run the whole file on a copy of what it touches first (read from the store, GETs only, as --rehearse does) and write nothing unless no row would be rejected there; a write the store still refuses has the run\'s writes taken back from its journal (exit 3, or 1 naming every key left changed). With --shard each shard decides alone'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l max-rejects -x -d 'stop sending writes once more than n rows (a whole number, such as 10) or p% of the rows read (such as 5%, judged from the 100th row on) are rejected: what is in flight finishes, then exit 3 with the summary'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l rehearse -d 'run the whole import on an in-memory copy of what the file touches (read from the store, GETs only), in the store\'s dialect and at its rate: prints the plan, every row the store would reject, the requests and how long they would take; writes nothing to the store'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words rows created updated unchanged partial failed unfinished requests refused elapsedMs runId\')' -d 'print the summary {rows, created, updated, unchanged, partial, failed, unfinished, requests, refused, elapsedMs, runId} as JSON on stdout (partial: rows of which part landed and part was refused; unfinished: rows read but not applied when the run stopped; requests: every attempt sent; refused: those the rate limit refused with 429; runId: the run to undo, null when nothing written is kept) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield import\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield import\' 0' -F -d 'file'

# store-cli metafield export
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l domain -x -d 'the domain of the bizIds given (products, variants, collections, customers, orders, pages, shop); with --objects, of a file without a domain column (else only its objects of this domain); with --all, collections or products only'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l objects -r -F -d 'the objects to export: a CSV file (or JSON lines) with domain and bizId columns, such as an earlier export or an import file, or - for stdin; other columns are ignored'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l all -d 'every collection, and every product some collection holds (a product in no collection cannot be found)'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l namespace -x -d 'only values in this namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l output -r -F -d 'write to this file, which appears only once complete (default: stdout; - is stdout; a device or FIFO is written in place)'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l jsonl -d 'write JSON lines (one object per value, keys as the CSV columns) instead of CSV'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l rejects -r -F -d 'write the objects that failed to this CSV file (domain,bizId,reason), which --objects reads for a retry; not the --output file'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l shard -x -d 'take only share i of n of the objects, e.g. 2/3 (the split import makes), for n parallel jobs'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l concurrency -x -d 'listings in flight, 1..64 (default: the profile\'s import-concurrency, else 8); the store\'s rate limit paces the run'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words objects rows failed unfinished otherShards requests refused elapsedMs\')' -d 'print the summary {objects, rows, failed, unfinished, otherShards, requests, refused, elapsedMs} as JSON on stdout (with --output only: without it, stdout holds the values) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield export\'' -s h -l help -d 'show help'

# store-cli metafield definition
complete -c store-cli -n '__store_cli_at \'metafield definition\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield definition\'' -a list -d 'List the metafield definitions of a domain, sorted by the store (every page)'
complete -c store-cli -n '__store_cli_at \'metafield definition\'' -a get -d 'Show one metafield definition: its type, name, rule and options'
complete -c store-cli -n '__store_cli_at \'metafield definition\'' -a create -d 'Create a metafield definition: the type (and rule) values of that namespace and code are checked against'
complete -c store-cli -n '__store_cli_at \'metafield definition\'' -a update -d 'Change fields of a metafield definition; the others stay. An update that changes nothing sends nothing'
complete -c store-cli -n '__store_cli_at \'metafield definition\'' -a delete -d 'Delete a metafield definition and print it; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'metafield definition\'' -a export -d 'Write the metafield definitions of some domains (or --all) as a JSON file that `definition import` reads'
complete -c store-cli -n '__store_cli_at \'metafield definition\'' -a import -d 'Copy metafield definitions from a JSON file (as `definition export` writes) into the store: creates what is missing, updates what differs, skips what is equal'
complete -c store-cli -n '__store_cli_at \'metafield definition\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli metafield definition list
complete -c store-cli -n '__store_cli_at \'metafield definition list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words namespace code definitionName fieldType multi description optionMap schemaRule pinned\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield definition list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words namespace code definitionName fieldType multi description optionMap schemaRule pinned\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'metafield definition list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield definition list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words namespace code fieldType multi definitionName\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'metafield definition list\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield definition list\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield definition get
complete -c store-cli -n '__store_cli_at \'metafield definition get\'' -l namespace -x -d 'the definition\'s namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield definition get\'' -l code -x -d 'the definition\'s code, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield definition get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words namespace code definitionName fieldType multi description optionMap schemaRule pinned\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield definition get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield definition get\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield definition get\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield definition create
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l namespace -x -d 'the definition\'s namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l code -x -d 'the definition\'s code, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l definition-name -x -d 'the display name, 1 to 255 characters'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l field-type -x -a 'SingleLineText MultiLineText Integer Decimal MonthDay Date DateTime Weight Size Volume Product Customer SKU Collection Page File Color Money Url Boolean' -d 'the field type (any case): SingleLineText, MultiLineText, Integer, Decimal, MonthDay, Date, DateTime, Weight, Size, Volume, Product, Customer, SKU, Collection, Page, File, Color, Money, Url, Boolean'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l description -x -d 'a description (default on create: none)'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l multi -x -a 'true false' -d 'whether the field holds a list of values (default on create: false)'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l pinned -x -a 'true false' -d 'whether the definition is pinned in the admin (default on create: false)'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l schema-rule -x -d 'Weight, Size and Volume only: limits as JSON, e.g. \'{"min":{"value":0,"unit":"kg"},"max":{"value":500,"unit":"kg"}}\'; "" removes them (update)'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l option-map -x -d 'options as a JSON object, e.g. \'{"search":true}\''
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words namespace code definitionName fieldType multi description optionMap schemaRule pinned\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield definition create\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield definition create\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield definition update
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l namespace -x -d 'the definition\'s namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l code -x -d 'the definition\'s code, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l definition-name -x -d 'the display name, 1 to 255 characters'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l field-type -x -a 'SingleLineText MultiLineText Integer Decimal MonthDay Date DateTime Weight Size Volume Product Customer SKU Collection Page File Color Money Url Boolean' -d 'the field type (any case): SingleLineText, MultiLineText, Integer, Decimal, MonthDay, Date, DateTime, Weight, Size, Volume, Product, Customer, SKU, Collection, Page, File, Color, Money, Url, Boolean'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l description -x -d 'a description (default on create: none)'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l multi -x -a 'true false' -d 'whether the field holds a list of values (default on create: false)'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l pinned -x -a 'true false' -d 'whether the definition is pinned in the admin (default on create: false)'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l schema-rule -x -d 'Weight, Size and Volume only: limits as JSON, e.g. \'{"min":{"value":0,"unit":"kg"},"max":{"value":500,"unit":"kg"}}\'; "" removes them (update)'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l option-map -x -d 'options as a JSON object, e.g. \'{"search":true}\''
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words namespace code definitionName fieldType multi description optionMap schemaRule pinned\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield definition update\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield definition update\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield definition delete
complete -c store-cli -n '__store_cli_at \'metafield definition delete\'' -l namespace -x -d 'the definition\'s namespace, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield definition delete\'' -l code -x -d 'the definition\'s code, 1 to 64 of A-Z a-z 0-9 _ -'
complete -c store-cli -n '__store_cli_at \'metafield definition delete\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'metafield definition delete\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'metafield definition delete\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words namespace code definitionName fieldType multi description optionMap schemaRule pinned\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'metafield definition delete\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield definition delete\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield definition delete\' 0' -a 'products variants collections customers orders pages shop' -d 'domain'

# store-cli metafield definition export
complete -c store-cli -n '__store_cli_at \'metafield definition export\'' -l all -d 'every domain'
complete -c store-cli -n '__store_cli_at \'metafield definition export\'' -l output -r -F -d 'write to this file, which appears only once complete, instead of stdout (- is stdout; a device or FIFO is written in place)'
complete -c store-cli -n '__store_cli_at \'metafield definition export\'' -l jsonl -d 'write JSON lines (one definition a line, fields as in the file) instead of the {"definitions": [...]} file; definition import reads the file only'
complete -c store-cli -n '__store_cli_at \'metafield definition export\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'metafield definition export\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield definition export\'' -a 'products variants collections customers orders pages shop' -d 'domains'

# store-cli metafield definition import
complete -c store-cli -n '__store_cli_at \'metafield definition import\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'metafield definition import\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'metafield definition import\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words created updated unchanged failed\')' -d 'print the summary {created, updated, unchanged, failed} as JSON on stdout (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'metafield definition import\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'metafield definition import\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'metafield definition import\' 0' -F -d 'file'

# store-cli metafield definition help
complete -c store-cli -n '__store_cli_at \'metafield definition help\'' -a 'list get create update delete export import' -d 'command'

# store-cli metafield help
complete -c store-cli -n '__store_cli_at \'metafield help\'' -a 'set get list count delete import export definition' -d 'command'

# store-cli product
complete -c store-cli -n '__store_cli_at \'product\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'product\'' -a list -d 'List products, filtered by title, status, collection or category; --all follows every page'
complete -c store-cli -n '__store_cli_at \'product\'' -a count -d 'Count the products of the store, or those matching title, status, collection or category'
complete -c store-cli -n '__store_cli_at \'product\'' -a create -d 'Create a product from flags or a JSON file; category and collections by name or id'
complete -c store-cli -n '__store_cli_at \'product\'' -a get -d 'Show a product: a summary and its variants; --json for the whole product'
complete -c store-cli -n '__store_cli_at \'product\'' -a edit -d 'Change a product: reads it, applies the flags or a partial JSON file, sends the whole product back'
complete -c store-cli -n '__store_cli_at \'product\'' -a delete -d 'Delete a product with its variants and images; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'product\'' -a export -d 'Write the store\'s products as the CSV (or JSON lines) product import reads: one row per variant, names for category, collections and locations'
complete -c store-cli -n '__store_cli_at \'product\'' -a import -d 'Bulk-load products from the CSV (or JSON lines) product export writes: creates what is missing, updates what differs, skips what is equal; safe to re-run'
complete -c store-cli -n '__store_cli_at \'product\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli product list
complete -c store-cli -n '__store_cli_at \'product list\'' -l title -x -d 'only products whose title contains this text (ignoring case)'
complete -c store-cli -n '__store_cli_at \'product list\'' -l status -x -a 'active draft archived' -d 'only products in this status'
complete -c store-cli -n '__store_cli_at \'product list\'' -l collection -x -d 'only products in this collection: an id, or a title looked up with collection list'
complete -c store-cli -n '__store_cli_at \'product list\'' -l category -x -d 'only products of this category: an id, or a name looked up with category search; filtered by store-cli over every page'
complete -c store-cli -n '__store_cli_at \'product list\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all or --category, 250)'
complete -c store-cli -n '__store_cli_at \'product list\'' -l page-token -x -d 'continue from this page cursor, the opaque text a listing in a terminal prints; alone or with --limit: the token carries the filters'
complete -c store-cli -n '__store_cli_at \'product list\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'product list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'product list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'product list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'product list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words productId title status vendor productType categoryId variants price\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'product list\'' -s h -l help -d 'show help'

# store-cli product count
complete -c store-cli -n '__store_cli_at \'product count\'' -l title -x -d 'only products whose title contains this text (ignoring case)'
complete -c store-cli -n '__store_cli_at \'product count\'' -l status -x -a 'active draft archived' -d 'only products in this status'
complete -c store-cli -n '__store_cli_at \'product count\'' -l collection -x -d 'only products in this collection: an id, or a title looked up with collection list'
complete -c store-cli -n '__store_cli_at \'product count\'' -l category -x -d 'only products of this category: an id, or a name looked up with category search; counted by store-cli over every page of the listing'
complete -c store-cli -n '__store_cli_at \'product count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'product count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'product count\'' -s h -l help -d 'show help'

# store-cli product create
complete -c store-cli -n '__store_cli_at \'product create\'' -l file -r -F -d 'the product as JSON (bare or as {"product": ...}); "-" reads stdin. Flags override its fields'
complete -c store-cli -n '__store_cli_at \'product create\'' -l title -x -d 'product title, 1..255 characters (required without --file)'
complete -c store-cli -n '__store_cli_at \'product create\'' -l sub-title -x -d 'subtitle, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'product create\'' -l body-html -x -d 'the description, HTML text'
complete -c store-cli -n '__store_cli_at \'product create\'' -l vendor -x -d 'vendor name, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'product create\'' -l product-type -x -d 'product type, free text (the store defaults to "normal")'
complete -c store-cli -n '__store_cli_at \'product create\'' -l status -x -a 'active draft archived' -d 'product status (the store defaults to active)'
complete -c store-cli -n '__store_cli_at \'product create\'' -l category -x -d 'category: an id (digits), or a name looked up with category search'
complete -c store-cli -n '__store_cli_at \'product create\'' -l collection -x -d 'collection id or title, looked up with collection list; repeatable'
complete -c store-cli -n '__store_cli_at \'product create\'' -l image -x -d 'image address (absolute http/https URL); repeatable, in display order'
complete -c store-cli -n '__store_cli_at \'product create\'' -l option -x -d 'an option as NAME=VALUE,VALUE..., e.g. "Color=Red,Blue"; repeatable (at most 3); one variant per combination, at most 100'
complete -c store-cli -n '__store_cli_at \'product create\'' -l price -x -d 'price of every variant, a decimal such as 19.99 (at most 2 decimals)'
complete -c store-cli -n '__store_cli_at \'product create\'' -l compare-of-price -x -d 'compare-at price of every variant, a decimal such as 24.99'
complete -c store-cli -n '__store_cli_at \'product create\'' -l cost-price -x -d 'cost price of every variant, a decimal such as 7.50'
complete -c store-cli -n '__store_cli_at \'product create\'' -l sku -x -d 'SKU, one line of 1..255 characters; with several variants each gets it plus its option values (TEE-RED-S)'
complete -c store-cli -n '__store_cli_at \'product create\'' -l barcode -x -d 'barcode, one line of 1..255 characters; only for a product with a single variant'
complete -c store-cli -n '__store_cli_at \'product create\'' -l weight -x -d 'weight of every variant, a decimal such as 0.25'
complete -c store-cli -n '__store_cli_at \'product create\'' -l weight-unit -x -a 'g kg lb oz' -d 'unit of --weight'
complete -c store-cli -n '__store_cli_at \'product create\'' -l inventory -x -d 'stock available of every variant, a whole number'
complete -c store-cli -n '__store_cli_at \'product create\'' -l location -x -d 'location of --inventory: an id, or a name looked up with location list (default: the store\'s default location)'
complete -c store-cli -n '__store_cli_at \'product create\'' -l location-id -x -d 'location of --inventory by id (--location takes a name as well)'
complete -c store-cli -n '__store_cli_at \'product create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'product create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'product create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'product create\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words productId variantId options sku price compareOfPrice costPrice weight weightUnit stock barcode\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'product create\'' -s h -l help -d 'show help'

# store-cli product get
complete -c store-cli -n '__store_cli_at \'product get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'product get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'product get\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words productId variantId options sku price compareOfPrice costPrice weight weightUnit stock barcode\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'product get\'' -s h -l help -d 'show help'

# store-cli product edit
complete -c store-cli -n '__store_cli_at \'product edit\'' -l file -r -F -d 'a partial product as JSON: objects merge, arrays replace (variants by variantId merge); "-" reads stdin'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l title -x -d 'product title, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l sub-title -x -d 'subtitle, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l body-html -x -d 'the description, HTML text'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l vendor -x -d 'vendor name, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l product-type -x -d 'product type, free text (the store defaults to "normal")'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l status -x -a 'active draft archived' -d 'product status (the store defaults to active)'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l category -x -d 'category: an id (digits), or a name looked up with category search'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l collection -x -d 'collection id or title, looked up with collection list; repeatable (replaces the list)'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l image -x -d 'image address (absolute http/https URL); repeatable, in display order (replaces the images)'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l option -x -d 'an option as NAME=VALUE,VALUE..., e.g. "Color=Red,Blue"; repeatable (at most 3); one variant per combination, at most 100'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l price -x -d 'price of every variant, a decimal such as 19.99 (at most 2 decimals)'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l compare-of-price -x -d 'compare-at price of every variant, a decimal such as 24.99'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l cost-price -x -d 'cost price of every variant, a decimal such as 7.50'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l sku -x -d 'SKU, one line of 1..255 characters; with several variants each gets it plus its option values (TEE-RED-S)'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l barcode -x -d 'barcode, one line of 1..255 characters; only for a product with a single variant'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l weight -x -d 'weight of every variant, a decimal such as 0.25'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l weight-unit -x -a 'g kg lb oz' -d 'unit of --weight'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l inventory -x -d 'stock available of every variant, a whole number'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l location -x -d 'location of --inventory: an id, or a name looked up with location list (default: the store\'s default location)'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l location-id -x -d 'location of --inventory by id (--location takes a name as well)'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l dry-run -d 'print the changes field by field and send nothing'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'product edit\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'product edit\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words productId variantId options sku price compareOfPrice costPrice weight weightUnit stock barcode\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'product edit\'' -s h -l help -d 'show help'

# store-cli product delete
complete -c store-cli -n '__store_cli_at \'product delete\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'product delete\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'product delete\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words method path body\')' -d 'print the request as JSON (with --dry-run; a delete itself prints nothing) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'product delete\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'product delete\'' -s h -l help -d 'show help'

# store-cli product export
complete -c store-cli -n '__store_cli_at \'product export\'' -l output -r -F -d 'write to this file, which appears only once complete (default: stdout; - is stdout; a device or FIFO is written in place)'
complete -c store-cli -n '__store_cli_at \'product export\'' -l jsonl -d 'write JSON lines (one object per variant, keys as the CSV columns) instead of CSV'
complete -c store-cli -n '__store_cli_at \'product export\'' -l no-ids -d 'leave out the store\'s ids (productId, variantId): the file then matches by handle, and two stores holding the same products export the same bytes'
complete -c store-cli -n '__store_cli_at \'product export\'' -l metafields -d 'add each product\'s metafield values as metafield:<namespace>.<code> columns (one listing a product)'
complete -c store-cli -n '__store_cli_at \'product export\'' -l concurrency -x -d 'metafield listings in flight with --metafields, 1..64 (default: the profile\'s import-concurrency, else 8)'
complete -c store-cli -n '__store_cli_at \'product export\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'product export\'' -s h -l help -d 'show help'

# store-cli product import
complete -c store-cli -n '__store_cli_at \'product import\'' -l key -x -a 'handle sku id' -d 'what matches a row\'s product on the store: handle (the handle column, else the title\'s), sku (any of its variants\' SKUs) or id (the productId column)'
complete -c store-cli -n '__store_cli_at \'product import\'' -l empty-clears -d 'an empty cell clears the stored value (SKU, barcode, compare-at price, weight, category, collections, metafields); without it an empty cell leaves the value alone'
complete -c store-cli -n '__store_cli_at \'product import\'' -l dry-run -d 'validate and print the plan (creates, updates, unchanged): reads the store\'s products (one listing, 250 a page), writes nothing'
complete -c store-cli -n '__store_cli_at \'product import\'' -l rejects -r -F -d 'write every failed row to this CSV file, with its line number and the reason'
complete -c store-cli -n '__store_cli_at \'product import\'' -l results -r -F -d 'write a CSV line per row as the run goes: line, key, action (created, updated, unchanged, rejected), the id the store gave, and the value an update replaced'
complete -c store-cli -n '__store_cli_at \'product import\'' -l shard -x -d 'take only share i of n of the products (split by handle, or productId with --key id), for n parallel jobs over one file'
complete -c store-cli -n '__store_cli_at \'product import\'' -l concurrency -x -d 'requests in flight, 1..64 (default: the profile\'s import-concurrency, else 8); the store\'s rate-limit header, or its 429s, pace the run by themselves'
complete -c store-cli -n '__store_cli_at \'product import\'' -l give-up-after -x -d 'stop (exit 1, with the summary) once the store has refused every request with 429 for this long, such as 90s, 10m or 1h (default 5m)'
complete -c store-cli -n '__store_cli_at \'product import\'' -l all-or-nothing -d 'run the whole file on a copy of what it touches first (read from the store, GETs only, as --rehearse does) and write nothing unless no row would be rejected there; a write the store still refuses has the run\'s writes taken back from its journal (exit 3, or 1 naming every key left changed). With --shard each shard decides alone'
complete -c store-cli -n '__store_cli_at \'product import\'' -l max-rejects -x -d 'stop sending writes once more than n rows (a whole number, such as 10) or p% of the rows read (such as 5%, judged from the 100th row on) are rejected: what is in flight finishes, then exit 3 with the summary'
complete -c store-cli -n '__store_cli_at \'product import\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'product import\'' -l rehearse -d 'run the whole import on an in-memory copy of what the file touches (read from the store, GETs only), in the store\'s dialect and at its rate: prints the plan, every row the store would reject, the requests and how long they would take; writes nothing to the store'
complete -c store-cli -n '__store_cli_at \'product import\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words rows created updated unchanged partial failed unfinished requests refused elapsedMs runId\')' -d 'print the summary {rows, created, updated, unchanged, partial, failed, unfinished, requests, refused, elapsedMs, runId} as JSON on stdout (partial: rows of which part landed and part was refused; unfinished: rows read but not applied when the run stopped; requests: every attempt sent; refused: those the rate limit refused with 429; runId: the run to undo, null when nothing written is kept) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'product import\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'product import\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'product import\' 0' -F -d 'file'

# store-cli product help
complete -c store-cli -n '__store_cli_at \'product help\'' -a 'list count create get edit delete export import' -d 'command'

# store-cli category
complete -c store-cli -n '__store_cli_at \'category\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'category\'' -a search -d 'Find categories by part of their name (ignoring case); without a name, every category'
complete -c store-cli -n '__store_cli_at \'category\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli category search
complete -c store-cli -n '__store_cli_at \'category search\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words categoryId categoryName parentCategoryId\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'category search\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words categoryId categoryName parentCategoryId\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'category search\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'category search\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words categoryId categoryName parentCategoryId path\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'category search\'' -s h -l help -d 'show help'

# store-cli category help
complete -c store-cli -n '__store_cli_at \'category help\'' -a 'search' -d 'command'

# store-cli collection
complete -c store-cli -n '__store_cli_at \'collection\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'collection\'' -a list -d 'List collections, filtered by part of the title (ignoring case) or by type (custom or smart)'
complete -c store-cli -n '__store_cli_at \'collection\'' -a get -d 'Show one collection: its title, type, published flag, number of products, image and description'
complete -c store-cli -n '__store_cli_at \'collection\'' -a count -d 'Count the collections of the store, or those matching part of a title or a type'
complete -c store-cli -n '__store_cli_at \'collection\'' -a create -d 'Create a collection from flags or a JSON file (custom unless --collection-type smart; published unless --no-published)'
complete -c store-cli -n '__store_cli_at \'collection\'' -a update -d 'Change a collection: its title, type, description, published flag or image; sends nothing when nothing changes'
complete -c store-cli -n '__store_cli_at \'collection\'' -a delete -d 'Delete a collection (its products stay in the store); asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'collection\'' -a add -d 'Put products into a collection (collection and products by id or title)'
complete -c store-cli -n '__store_cli_at \'collection\'' -a remove -d 'Take products out of a collection (they stay in the store; collection and products by id or title)'
complete -c store-cli -n '__store_cli_at \'collection\'' -a products -d 'List a collection\'s products (product list filtered by the collection); --all follows every page'
complete -c store-cli -n '__store_cli_at \'collection\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli collection list
complete -c store-cli -n '__store_cli_at \'collection list\'' -l title -x -d 'only collections whose title contains this text (ignoring case)'
complete -c store-cli -n '__store_cli_at \'collection list\'' -l collection-type -x -a 'custom smart manual' -d 'only collections of this type: custom or smart (manual is another name for custom); sent as the type code, 1 or 2'
complete -c store-cli -n '__store_cli_at \'collection list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words collectionId title collectionType bodyHtml published image collects countGoodsNum\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'collection list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words collectionId title collectionType bodyHtml published image collects countGoodsNum\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'collection list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'collection list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words collectionId title collectionType countGoodsNum published\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'collection list\'' -s h -l help -d 'show help'

# store-cli collection get
complete -c store-cli -n '__store_cli_at \'collection get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words collectionId title collectionType bodyHtml published image collects countGoodsNum\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'collection get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'collection get\'' -s h -l help -d 'show help'

# store-cli collection count
complete -c store-cli -n '__store_cli_at \'collection count\'' -l title -x -d 'only collections whose title contains this text (ignoring case)'
complete -c store-cli -n '__store_cli_at \'collection count\'' -l collection-type -x -a 'custom smart manual' -d 'only collections of this type: custom or smart (manual is another name for custom); sent as the type code, 1 or 2'
complete -c store-cli -n '__store_cli_at \'collection count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'collection count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'collection count\'' -s h -l help -d 'show help'

# store-cli collection create
complete -c store-cli -n '__store_cli_at \'collection create\'' -l file -r -F -d 'the collection as JSON (bare or as {"collection": ...}); "-" reads stdin. Flags override its fields'
complete -c store-cli -n '__store_cli_at \'collection create\'' -l title -x -d 'collection title, 1..255 characters (required without --file)'
complete -c store-cli -n '__store_cli_at \'collection create\'' -l collection-type -x -a 'custom smart manual' -d 'custom or smart (manual is another name for custom); sent as the type code, 1 or 2 (default: custom)'
complete -c store-cli -n '__store_cli_at \'collection create\'' -l body-html -x -d 'the description, HTML text'
complete -c store-cli -n '__store_cli_at \'collection create\'' -l published -d 'publish it to the online store (a create publishes unless --no-published)'
complete -c store-cli -n '__store_cli_at \'collection create\'' -l no-published -d 'do not publish it (hidden from the online store)'
complete -c store-cli -n '__store_cli_at \'collection create\'' -l image-url -x -d 'the image, an absolute http or https URL'
complete -c store-cli -n '__store_cli_at \'collection create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'collection create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words collectionId title collectionType bodyHtml published image collects countGoodsNum\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'collection create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'collection create\'' -s h -l help -d 'show help'

# store-cli collection update
complete -c store-cli -n '__store_cli_at \'collection update\'' -l file -r -F -d 'a partial collection as JSON: its fields replace the stored ones; "-" reads stdin'
complete -c store-cli -n '__store_cli_at \'collection update\'' -l title -x -d 'collection title, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'collection update\'' -l collection-type -x -a 'custom smart manual' -d 'custom or smart (manual is another name for custom); sent as the type code, 1 or 2'
complete -c store-cli -n '__store_cli_at \'collection update\'' -l body-html -x -d 'the description, HTML text'
complete -c store-cli -n '__store_cli_at \'collection update\'' -l published -d 'publish it to the online store (a create publishes unless --no-published)'
complete -c store-cli -n '__store_cli_at \'collection update\'' -l no-published -d 'do not publish it (hidden from the online store)'
complete -c store-cli -n '__store_cli_at \'collection update\'' -l image-url -x -d 'the image, an absolute http or https URL'
complete -c store-cli -n '__store_cli_at \'collection update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'collection update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words collectionId title collectionType bodyHtml published image collects countGoodsNum\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'collection update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'collection update\'' -s h -l help -d 'show help'

# store-cli collection delete
complete -c store-cli -n '__store_cli_at \'collection delete\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'collection delete\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'collection delete\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words method path body\')' -d 'print the request as JSON (with --dry-run; a delete itself prints nothing) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'collection delete\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'collection delete\'' -s h -l help -d 'show help'

# store-cli collection add
complete -c store-cli -n '__store_cli_at \'collection add\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'collection add\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words collectionId title collectionType bodyHtml published image collects countGoodsNum\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'collection add\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'collection add\'' -s h -l help -d 'show help'

# store-cli collection remove
complete -c store-cli -n '__store_cli_at \'collection remove\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'collection remove\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words collectionId title collectionType bodyHtml published image collects countGoodsNum\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'collection remove\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'collection remove\'' -s h -l help -d 'show help'

# store-cli collection products
complete -c store-cli -n '__store_cli_at \'collection products\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'collection products\'' -l page-token -x -d 'continue from this page cursor, the opaque text a listing in a terminal prints (the token carries the collection)'
complete -c store-cli -n '__store_cli_at \'collection products\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'collection products\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'collection products\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words productId title subTitle bodyHtml vendor productType status isMultiVariant categoryId productCategory collections images options variants marketAssigns salesChannels\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'collection products\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'collection products\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words productId title status vendor productType categoryId variants price\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'collection products\'' -s h -l help -d 'show help'

# store-cli collection help
complete -c store-cli -n '__store_cli_at \'collection help\'' -a 'list get count create update delete add remove products' -d 'command'

# store-cli location
complete -c store-cli -n '__store_cli_at \'location\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'location\'' -a list -d 'List the store\'s locations (warehouses and shops that hold stock); --all follows every page'
complete -c store-cli -n '__store_cli_at \'location\'' -a get -d 'Show one location: its name and address'
complete -c store-cli -n '__store_cli_at \'location\'' -a count -d 'Count the store\'s locations'
complete -c store-cli -n '__store_cli_at \'location\'' -a create -d 'Create a location (a warehouse or shop that holds stock) with a name and an address'
complete -c store-cli -n '__store_cli_at \'location\'' -a update -d 'Change a location\'s name or address; only the fields given are sent'
complete -c store-cli -n '__store_cli_at \'location\'' -a delete -d 'Delete a location; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'location\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli location list
complete -c store-cli -n '__store_cli_at \'location list\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'location list\'' -l page-token -x -d 'continue from this page cursor, the opaque text a listing in a terminal prints'
complete -c store-cli -n '__store_cli_at \'location list\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'location list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words locationId name address1 address2 city province country zip phone createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'location list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words locationId name address1 address2 city province country zip phone createTime updateTime\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'location list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'location list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words locationId name city country\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'location list\'' -s h -l help -d 'show help'

# store-cli location get
complete -c store-cli -n '__store_cli_at \'location get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words locationId name address1 address2 city province country zip phone createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'location get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'location get\'' -s h -l help -d 'show help'

# store-cli location count
complete -c store-cli -n '__store_cli_at \'location count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'location count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'location count\'' -s h -l help -d 'show help'

# store-cli location create
complete -c store-cli -n '__store_cli_at \'location create\'' -l name -x -d 'the name merchants know it by, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'location create\'' -l address1 -x -d 'first line of the street address, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location create\'' -l address2 -x -d 'second line of the street address, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location create\'' -l city -x -d 'city, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location create\'' -l province -x -d 'province or state, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location create\'' -l country -x -d 'two-letter country code, such as US'
complete -c store-cli -n '__store_cli_at \'location create\'' -l zip -x -d 'postal code, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location create\'' -l phone -x -d 'phone number, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'location create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words locationId name address1 address2 city province country zip phone createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'location create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'location create\'' -s h -l help -d 'show help'

# store-cli location update
complete -c store-cli -n '__store_cli_at \'location update\'' -l name -x -d 'a new name, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'location update\'' -l address1 -x -d 'first line of the street address, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location update\'' -l address2 -x -d 'second line of the street address, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location update\'' -l city -x -d 'city, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location update\'' -l province -x -d 'province or state, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location update\'' -l country -x -d 'two-letter country code, such as US'
complete -c store-cli -n '__store_cli_at \'location update\'' -l zip -x -d 'postal code, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location update\'' -l phone -x -d 'phone number, at most 255 characters'
complete -c store-cli -n '__store_cli_at \'location update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'location update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words locationId name address1 address2 city province country zip phone createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'location update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'location update\'' -s h -l help -d 'show help'

# store-cli location delete
complete -c store-cli -n '__store_cli_at \'location delete\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'location delete\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'location delete\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words method path body\')' -d 'print the request as JSON (with --dry-run; a delete itself prints nothing) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'location delete\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'location delete\'' -s h -l help -d 'show help'

# store-cli location help
complete -c store-cli -n '__store_cli_at \'location help\'' -a 'list get count create update delete' -d 'command'

# store-cli inventory
complete -c store-cli -n '__store_cli_at \'inventory\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'inventory\'' -a list -d 'List stock: each variant at each location it is stocked at, filtered by product, variant or location'
complete -c store-cli -n '__store_cli_at \'inventory\'' -a set -d 'Set a variant\'s stock at a location (--quantity N), or change it by a number (--adjust +N or -N)'
complete -c store-cli -n '__store_cli_at \'inventory\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli inventory list
complete -c store-cli -n '__store_cli_at \'inventory list\'' -l product -x -d 'only the variants of this product (a numeric id)'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -l variant -x -d 'only this variant (a numeric id)'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -l location -x -d 'only this location: an id, or a name looked up with location list'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -l page-token -x -d 'continue from this page cursor, the opaque text a listing in a terminal prints; alone or with --limit: the token carries the filters'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words productId variantId sku locationId available\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words productId variantId sku locationId available\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words productId variantId sku location available\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'inventory list\'' -s h -l help -d 'show help'

# store-cli inventory set
complete -c store-cli -n '__store_cli_at \'inventory set\'' -l sku -x -d 'the variant by its SKU instead of its id: looked up among every product (product list\'s pages), exactly'
complete -c store-cli -n '__store_cli_at \'inventory set\'' -l location -x -d 'the location: an id, or a name looked up with location list'
complete -c store-cli -n '__store_cli_at \'inventory set\'' -l quantity -x -d 'the quantity available from now on, a whole number (negative when oversold)'
complete -c store-cli -n '__store_cli_at \'inventory set\'' -l adjust -x -d 'a signed whole number such as +5 or -3, added to the quantity now there: read, then set (see below)'
complete -c store-cli -n '__store_cli_at \'inventory set\'' -l allow-negative -d 'let --adjust take the quantity below zero (a terminal asks instead; without one it exits 2)'
complete -c store-cli -n '__store_cli_at \'inventory set\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'inventory set\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words productId variantId sku locationId available\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'inventory set\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'inventory set\'' -s h -l help -d 'show help'

# store-cli inventory help
complete -c store-cli -n '__store_cli_at \'inventory help\'' -a 'list set' -d 'command'

# store-cli market
complete -c store-cli -n '__store_cli_at \'market\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'market\'' -a list -d 'List the store\'s markets, up to 250 a page; --all follows every page'
complete -c store-cli -n '__store_cli_at \'market\'' -a get -d 'Show one market: its handle, currency, language and regions'
complete -c store-cli -n '__store_cli_at \'market\'' -a count -d 'Count the store\'s markets'
complete -c store-cli -n '__store_cli_at \'market\'' -a create -d 'Create a market: a name, and the regions, currency and language it sells in'
complete -c store-cli -n '__store_cli_at \'market\'' -a update -d 'Change a market\'s name, handle, currency, language or regions; only the fields given are sent'
complete -c store-cli -n '__store_cli_at \'market\'' -a delete -d 'Delete a market; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'market\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli market list
complete -c store-cli -n '__store_cli_at \'market list\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'market list\'' -l page-token -x -d 'continue from this page cursor, the opaque text a listing in a terminal prints'
complete -c store-cli -n '__store_cli_at \'market list\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'market list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id name handle currency primaryLanguage regions primary createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'market list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id name handle currency primaryLanguage regions primary createTime updateTime\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'market list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'market list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id handle name currency primaryLanguage primary regions\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'market list\'' -s h -l help -d 'show help'

# store-cli market get
complete -c store-cli -n '__store_cli_at \'market get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id name handle currency primaryLanguage regions primary createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'market get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'market get\'' -s h -l help -d 'show help'

# store-cli market count
complete -c store-cli -n '__store_cli_at \'market count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'market count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'market count\'' -s h -l help -d 'show help'

# store-cli market create
complete -c store-cli -n '__store_cli_at \'market create\'' -l name -x -d 'the name merchants know it by, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'market create\'' -l handle -x -d 'its unique handle (lowercase, digits, hyphens); the store makes one from the name when left out'
complete -c store-cli -n '__store_cli_at \'market create\'' -l currency -x -d 'three-letter currency code, such as EUR'
complete -c store-cli -n '__store_cli_at \'market create\'' -l primary-language -x -d 'primary language code, such as en or pt-BR'
complete -c store-cli -n '__store_cli_at \'market create\'' -l region -x -d 'a country or region it serves, such as DE; repeat for each'
complete -c store-cli -n '__store_cli_at \'market create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'market create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id name handle currency primaryLanguage regions primary createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'market create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'market create\'' -s h -l help -d 'show help'

# store-cli market update
complete -c store-cli -n '__store_cli_at \'market update\'' -l name -x -d 'a new name, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'market update\'' -l handle -x -d 'a new handle, unique in the store (lowercase letters, digits, hyphens)'
complete -c store-cli -n '__store_cli_at \'market update\'' -l currency -x -d 'three-letter currency code, such as EUR'
complete -c store-cli -n '__store_cli_at \'market update\'' -l primary-language -x -d 'primary language code, such as en or pt-BR'
complete -c store-cli -n '__store_cli_at \'market update\'' -l region -x -d 'a two-letter country code such as DE, replacing all regions; repeat for each'
complete -c store-cli -n '__store_cli_at \'market update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'market update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id name handle currency primaryLanguage regions primary createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'market update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'market update\'' -s h -l help -d 'show help'

# store-cli market delete
complete -c store-cli -n '__store_cli_at \'market delete\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'market delete\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'market delete\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words method path body\')' -d 'print the request as JSON (with --dry-run; a delete itself prints nothing) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'market delete\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'market delete\'' -s h -l help -d 'show help'

# store-cli market help
complete -c store-cli -n '__store_cli_at \'market help\'' -a 'list get count create update delete' -d 'command'

# store-cli page
complete -c store-cli -n '__store_cli_at \'page\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'page\'' -a get -d 'Show one page: its title, handle, visibility and content'
complete -c store-cli -n '__store_cli_at \'page\'' -a create -d 'Create a page; --cover-by-handle true replaces a page of the same handle'
complete -c store-cli -n '__store_cli_at \'page\'' -a update -d 'Change a page\'s title, handle, content, visibility or SEO texts; only the fields given are sent'
complete -c store-cli -n '__store_cli_at \'page\'' -a delete -d 'Delete a page; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'page\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli page get
complete -c store-cli -n '__store_cli_at \'page get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id title handle content templateName visible publishTime seoTitle seoDescription coverByHandle createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'page get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'page get\'' -s h -l help -d 'show help'

# store-cli page create
complete -c store-cli -n '__store_cli_at \'page create\'' -l title -x -d 'the page title, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'page create\'' -l handle -x -d 'its handle in the page address (lowercase, digits, hyphens), such as about-us'
complete -c store-cli -n '__store_cli_at \'page create\'' -l content -x -d 'the page body, as HTML text, at most 524288 characters'
complete -c store-cli -n '__store_cli_at \'page create\'' -l template-name -x -d 'the theme template that shows it, such as page or contact'
complete -c store-cli -n '__store_cli_at \'page create\'' -l visible -x -a 'true false' -d 'whether shoppers can see it'
complete -c store-cli -n '__store_cli_at \'page create\'' -l publish-time -x -d 'when it is published, such as 2026-01-10T11:00:00Z'
complete -c store-cli -n '__store_cli_at \'page create\'' -l seo-title -x -d 'the title search engines show (default: the page\'s title)'
complete -c store-cli -n '__store_cli_at \'page create\'' -l seo-description -x -d 'the description search engines show, at most 320 characters'
complete -c store-cli -n '__store_cli_at \'page create\'' -l cover-by-handle -x -a 'true false' -d 'true: a page with the same --handle is replaced instead of refused'
complete -c store-cli -n '__store_cli_at \'page create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'page create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id title handle content templateName visible publishTime seoTitle seoDescription coverByHandle createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'page create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'page create\'' -s h -l help -d 'show help'

# store-cli page update
complete -c store-cli -n '__store_cli_at \'page update\'' -l title -x -d 'a new title, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'page update\'' -l handle -x -d 'its handle in the page address (lowercase, digits, hyphens), such as about-us'
complete -c store-cli -n '__store_cli_at \'page update\'' -l content -x -d 'the page body, as HTML text, at most 524288 characters'
complete -c store-cli -n '__store_cli_at \'page update\'' -l template-name -x -d 'the theme template that shows it, such as page or contact'
complete -c store-cli -n '__store_cli_at \'page update\'' -l visible -x -a 'true false' -d 'whether shoppers can see it'
complete -c store-cli -n '__store_cli_at \'page update\'' -l publish-time -x -d 'when it is published, such as 2026-01-10T11:00:00Z'
complete -c store-cli -n '__store_cli_at \'page update\'' -l seo-title -x -d 'the title search engines show (default: the page\'s title)'
complete -c store-cli -n '__store_cli_at \'page update\'' -l seo-description -x -d 'the description search engines show, at most 320 characters'
complete -c store-cli -n '__store_cli_at \'page update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'page update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id title handle content templateName visible publishTime seoTitle seoDescription coverByHandle createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'page update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'page update\'' -s h -l help -d 'show help'

# store-cli page delete
complete -c store-cli -n '__store_cli_at \'page delete\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'page delete\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'page delete\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words method path body\')' -d 'print the request as JSON (with --dry-run; a delete itself prints nothing) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'page delete\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'page delete\'' -s h -l help -d 'show help'

# store-cli page help
complete -c store-cli -n '__store_cli_at \'page help\'' -a 'get create update delete' -d 'command'

# store-cli file
complete -c store-cli -n '__store_cli_at \'file\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'file\'' -a list -d 'List the files of the store\'s library, up to 250 a page; --all follows every page'
complete -c store-cli -n '__store_cli_at \'file\'' -a upload -d 'Add a file to the library from the URL it is served at; PATH gives its size and type'
complete -c store-cli -n '__store_cli_at \'file\'' -a search -d 'Find files by part of their title or by type; --all follows every page'
complete -c store-cli -n '__store_cli_at \'file\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli file list
complete -c store-cli -n '__store_cli_at \'file list\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'file list\'' -l since-id -x -d 'only files with an id greater than this'
complete -c store-cli -n '__store_cli_at \'file list\'' -l page-token -x -d 'continue from this page cursor, the opaque text a listing in a terminal prints; alone or with --limit: the token carries the filters'
complete -c store-cli -n '__store_cli_at \'file list\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'file list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id title materialType materialFileType size url optimizeUrl coverImageUrl duration introduction materialDetailExts\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'file list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id title materialType materialFileType size url optimizeUrl coverImageUrl duration introduction materialDetailExts\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'file list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'file list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id materialType size title url\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'file list\'' -s h -l help -d 'show help'

# store-cli file upload
complete -c store-cli -n '__store_cli_at \'file upload\'' -l url -x -d 'the public http(s) address the store copies the file from'
complete -c store-cli -n '__store_cli_at \'file upload\'' -l title -x -d 'its title in the library, at most 255 characters (default: the file\'s name)'
complete -c store-cli -n '__store_cli_at \'file upload\'' -l introduction -x -d 'its description, at most 500 characters'
complete -c store-cli -n '__store_cli_at \'file upload\'' -l duration -x -d 'the length of an audio or video file (a video: at most 180)'
complete -c store-cli -n '__store_cli_at \'file upload\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'file upload\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id title materialType materialFileType size url optimizeUrl coverImageUrl duration introduction materialDetailExts\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'file upload\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'file upload\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'file upload\' 0' -F -d 'path'

# store-cli file search
complete -c store-cli -n '__store_cli_at \'file search\'' -l title -x -d 'files whose title contains this text (ignoring case)'
complete -c store-cli -n '__store_cli_at \'file search\'' -l type -x -a 'image audio video file' -d 'files of this kind'
complete -c store-cli -n '__store_cli_at \'file search\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'file search\'' -l page-token -x -d 'continue from this page cursor, the opaque text a listing in a terminal prints; alone or with --limit: the token carries the filters'
complete -c store-cli -n '__store_cli_at \'file search\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'file search\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id title materialType materialFileType size url optimizeUrl coverImageUrl duration introduction materialDetailExts\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'file search\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id title materialType materialFileType size url optimizeUrl coverImageUrl duration introduction materialDetailExts\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'file search\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'file search\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id materialType size title url\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'file search\'' -s h -l help -d 'show help'

# store-cli file help
complete -c store-cli -n '__store_cli_at \'file help\'' -a 'list upload search' -d 'command'

# store-cli theme
complete -c store-cli -n '__store_cli_at \'theme\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'theme\'' -a list -d 'List the store\'s themes: id, name, which is published, install status'
complete -c store-cli -n '__store_cli_at \'theme\'' -a asset -d 'Read and write a theme\'s assets (templates, sections, stylesheets) by key'
complete -c store-cli -n '__store_cli_at \'theme\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli theme list
complete -c store-cli -n '__store_cli_at \'theme list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words shopThemeId shopThemeName isCurrent status createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'theme list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words shopThemeId shopThemeName isCurrent status createTime updateTime\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'theme list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'theme list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words shopThemeId shopThemeName isCurrent status updateTime\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'theme list\'' -s h -l help -d 'show help'

# store-cli theme asset
complete -c store-cli -n '__store_cli_at \'theme asset\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'theme asset\'' -a get -d 'Print a theme asset\'s text, or write it to a file with --output'
complete -c store-cli -n '__store_cli_at \'theme asset\'' -a put -d 'Write a theme asset from --file or --value; on the published theme, asks first'
complete -c store-cli -n '__store_cli_at \'theme asset\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli theme asset get
complete -c store-cli -n '__store_cli_at \'theme asset get\'' -l output -r -F -d 'write the text to this file (replaced whole once complete) instead of stdout'
complete -c store-cli -n '__store_cli_at \'theme asset get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words url name fileType context createTime updateTime theme_id\')' -d 'print the asset as the store sent it (its text in context), not the text alone (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'theme asset get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'theme asset get\'' -s h -l help -d 'show help'

# store-cli theme asset put
complete -c store-cli -n '__store_cli_at \'theme asset put\'' -l file -r -F -d 'the text to write, read from this file (- for stdin): UTF-8, at most 1 MiB'
complete -c store-cli -n '__store_cli_at \'theme asset put\'' -l value -x -d 'the text to write, as given'
complete -c store-cli -n '__store_cli_at \'theme asset put\'' -l code -x -d 'the asset\'s code, such as PAGE for a page template (sent only when given)'
complete -c store-cli -n '__store_cli_at \'theme asset put\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'theme asset put\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'theme asset put\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words url name fileType context createTime updateTime theme_id\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'theme asset put\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'theme asset put\'' -s h -l help -d 'show help'

# store-cli theme asset help
complete -c store-cli -n '__store_cli_at \'theme asset help\'' -a 'get put' -d 'command'

# store-cli theme help
complete -c store-cli -n '__store_cli_at \'theme help\'' -a 'list asset' -d 'command'

# store-cli shop
complete -c store-cli -n '__store_cli_at \'shop\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'shop\'' -a info -d 'Show the shop a token belongs to: name, domain, country, currency and time zone'
complete -c store-cli -n '__store_cli_at \'shop\'' -a languages -d 'List the shop\'s languages: code, name, and which is the primary one'
complete -c store-cli -n '__store_cli_at \'shop\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli shop info
complete -c store-cli -n '__store_cli_at \'shop info\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words shopId shopName domain country currency timezone ianaTimezone mail description logo weightUnit\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'shop info\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'shop info\'' -s h -l help -d 'show help'

# store-cli shop languages
complete -c store-cli -n '__store_cli_at \'shop languages\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words languageCode name primary\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'shop languages\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words languageCode name primary\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'shop languages\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'shop languages\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words languageCode name primary\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'shop languages\'' -s h -l help -d 'show help'

# store-cli shop help
complete -c store-cli -n '__store_cli_at \'shop help\'' -a 'info languages' -d 'command'

# store-cli customer
complete -c store-cli -n '__store_cli_at \'customer\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'customer\'' -a list -d 'List the store\'s customers, oldest first; --all follows every page'
complete -c store-cli -n '__store_cli_at \'customer\'' -a search -d 'Find customers by email, phone or name; --all follows every page'
complete -c store-cli -n '__store_cli_at \'customer\'' -a get -d 'Show a customer: contact, state, orders, spending, tags and addresses'
complete -c store-cli -n '__store_cli_at \'customer\'' -a count -d 'Count the customers of the store'
complete -c store-cli -n '__store_cli_at \'customer\'' -a create -d 'Create a customer from a name, email or phone (at least one)'
complete -c store-cli -n '__store_cli_at \'customer\'' -a update -d 'Change a customer\'s name, email, phone, notes, tags or tax exemption'
complete -c store-cli -n '__store_cli_at \'customer\'' -a delete -d 'Delete a customer; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'customer\'' -a import -d 'Create or update customers from a CSV, one row a customer, matched by id or email; safe to re-run, and undoable'
complete -c store-cli -n '__store_cli_at \'customer\'' -a export -d 'Write the store\'s customers as the CSV (or JSON lines) customer import reads: one row a customer'
complete -c store-cli -n '__store_cli_at \'customer\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli customer list
complete -c store-cli -n '__store_cli_at \'customer list\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'customer list\'' -l since-id -x -d 'only customers with an id greater than this'
complete -c store-cli -n '__store_cli_at \'customer list\'' -l page-token -x -d 'continue from this page cursor, the opaque text a listing in a terminal prints; alone or with --limit: the token carries the filters'
complete -c store-cli -n '__store_cli_at \'customer list\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'customer list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'customer list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'customer list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'customer list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id firstName lastName email phone state ordersCount totalSpent tags\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'customer list\'' -s h -l help -d 'show help'

# store-cli customer search
complete -c store-cli -n '__store_cli_at \'customer search\'' -l email -x -d 'the customer with this email (the whole address, ignoring case)'
complete -c store-cli -n '__store_cli_at \'customer search\'' -l phone -x -d 'the customer with this phone number, written as you like: +1 (212) 555-0215 is sent as +1 212 555-0215'
complete -c store-cli -n '__store_cli_at \'customer search\'' -l name -x -d 'customers whose first, last or full name contains this text (ignoring case)'
complete -c store-cli -n '__store_cli_at \'customer search\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'customer search\'' -l page-token -x -d 'continue from this page cursor, the opaque text printed on stderr when more pages exist; alone or with --limit: the token carries the filters'
complete -c store-cli -n '__store_cli_at \'customer search\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'customer search\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'customer search\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'customer search\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'customer search\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id firstName lastName email phone state ordersCount totalSpent tags\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'customer search\'' -s h -l help -d 'show help'

# store-cli customer get
complete -c store-cli -n '__store_cli_at \'customer get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'customer get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'customer get\'' -s h -l help -d 'show help'

# store-cli customer count
complete -c store-cli -n '__store_cli_at \'customer count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'customer count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'customer count\'' -s h -l help -d 'show help'

# store-cli customer create
complete -c store-cli -n '__store_cli_at \'customer create\'' -l first-name -x -d 'the customer\'s first name, text of at most 255 characters (protected: stores show it only to tokens approved for it)'
complete -c store-cli -n '__store_cli_at \'customer create\'' -l last-name -x -d 'the customer\'s last name, text of at most 255 characters (protected)'
complete -c store-cli -n '__store_cli_at \'customer create\'' -l email -x -d 'email address, unique in the store (protected)'
complete -c store-cli -n '__store_cli_at \'customer create\'' -l phone -x -d 'phone number such as +1 212 555 0100, unique in the store (protected)'
complete -c store-cli -n '__store_cli_at \'customer create\'' -l notes -x -d 'a note about the customer, at most 5000 characters'
complete -c store-cli -n '__store_cli_at \'customer create\'' -l tag -x -d 'a tag, text of at most 255 characters; repeat for several (update: replaces every tag)'
complete -c store-cli -n '__store_cli_at \'customer create\'' -l tax-exempt -x -a 'true false' -d 'whether the customer\'s orders are exempt from tax'
complete -c store-cli -n '__store_cli_at \'customer create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'customer create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'customer create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'customer create\'' -s h -l help -d 'show help'

# store-cli customer update
complete -c store-cli -n '__store_cli_at \'customer update\'' -l first-name -x -d 'the customer\'s first name, text of at most 255 characters (protected: stores show it only to tokens approved for it)'
complete -c store-cli -n '__store_cli_at \'customer update\'' -l last-name -x -d 'the customer\'s last name, text of at most 255 characters (protected)'
complete -c store-cli -n '__store_cli_at \'customer update\'' -l email -x -d 'email address, unique in the store (protected)'
complete -c store-cli -n '__store_cli_at \'customer update\'' -l phone -x -d 'phone number such as +1 212 555 0100, unique in the store (protected)'
complete -c store-cli -n '__store_cli_at \'customer update\'' -l notes -x -d 'a note about the customer, at most 5000 characters'
complete -c store-cli -n '__store_cli_at \'customer update\'' -l tag -x -d 'a tag, text of at most 255 characters; repeat for several (update: replaces every tag)'
complete -c store-cli -n '__store_cli_at \'customer update\'' -l tax-exempt -x -a 'true false' -d 'whether the customer\'s orders are exempt from tax'
complete -c store-cli -n '__store_cli_at \'customer update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'customer update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id firstName lastName email phone state verifiedEmail notes tags taxExempt taxExemptions addresses ordersCount totalSpent emailMarketingConsent smsMarketingConsent createTime updateTime withheld\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'customer update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'customer update\'' -s h -l help -d 'show help'

# store-cli customer delete
complete -c store-cli -n '__store_cli_at \'customer delete\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'customer delete\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'customer delete\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words method path body\')' -d 'print the request as JSON (with --dry-run; a delete itself prints nothing) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'customer delete\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'customer delete\'' -s h -l help -d 'show help'

# store-cli customer import
complete -c store-cli -n '__store_cli_at \'customer import\'' -l dry-run -d 'validate and print the plan (creates, updates, unchanged): reads the store\'s customers, writes nothing'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l rejects -r -F -d 'write every failed row to this CSV file, with its line number and the reason'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l results -r -F -d 'write a CSV line per row as the run goes: line, key, action (created, updated, unchanged, rejected), the id the store gave, and the value an update replaced'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l shard -x -d 'take only share i of n of the customers (split by id, email or phone), for n parallel jobs over one file'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l concurrency -x -d 'requests in flight, 1..64 (default: the profile\'s import-concurrency, else 8); the store\'s rate-limit header, or its 429s, pace the run by themselves'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l give-up-after -x -d 'stop (exit 1, with the summary) once the store has refused every request with 429 for this long, such as 90s, 10m or 1h (default 5m)'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l all-or-nothing -d 'run the whole file on a copy of what it touches first (read from the store, GETs only, as --rehearse does) and write nothing unless no row would be rejected there; a write the store still refuses has the run\'s writes taken back from its journal (exit 3, or 1 naming every key left changed). With --shard each shard decides alone'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l max-rejects -x -d 'stop sending writes once more than n rows (a whole number, such as 10) or p% of the rows read (such as 5%, judged from the 100th row on) are rejected: what is in flight finishes, then exit 3 with the summary'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l rehearse -d 'run the whole import on an in-memory copy of what the file touches (read from the store, GETs only), in the store\'s dialect and at its rate: prints the plan, every row the store would reject, the requests and how long they would take; writes nothing to the store'
complete -c store-cli -n '__store_cli_at \'customer import\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words rows created updated unchanged partial failed unfinished requests refused elapsedMs runId\')' -d 'print the summary {rows, created, updated, unchanged, partial, failed, unfinished, requests, refused, elapsedMs, runId} as JSON on stdout (partial: rows of which part landed and part was refused; unfinished: rows read but not applied when the run stopped; requests: every attempt sent; refused: those the rate limit refused with 429; runId: the run to undo, null when nothing written is kept) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'customer import\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'customer import\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'customer import\' 0' -F -d 'file'

# store-cli customer export
complete -c store-cli -n '__store_cli_at \'customer export\'' -l output -r -F -d 'write to this file (mode 0600: it holds customers\' personal data), which appears only once complete; default: stdout (- is stdout; a device or FIFO is written in place)'
complete -c store-cli -n '__store_cli_at \'customer export\'' -l jsonl -d 'write JSON lines (one object a customer, keys as the CSV columns) instead of CSV'
complete -c store-cli -n '__store_cli_at \'customer export\'' -l no-ids -d 'leave out the store\'s ids (customerId): the file then matches by email, and two stores holding the same customers export the same bytes'
complete -c store-cli -n '__store_cli_at \'customer export\'' -l since-id -x -d 'only customers with an id greater than this'
complete -c store-cli -n '__store_cli_at \'customer export\'' -l sort -x -a 'email none' -d 'row order: email (ignoring case, then the other cells, then id; the rows are held until the last page is read) or none (the store\'s order, ascending ids, written page by page; resumable)'
complete -c store-cli -n '__store_cli_at \'customer export\'' -l resume -d 'go on with the interrupted export of --output (FILE.partial) with --sort none, and the same --since-id and --no-ids'
complete -c store-cli -n '__store_cli_at \'customer export\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'customer export\'' -s h -l help -d 'show help'

# store-cli customer help
complete -c store-cli -n '__store_cli_at \'customer help\'' -a 'list search get count create update delete import export' -d 'command'

# store-cli discount
complete -c store-cli -n '__store_cli_at \'discount\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'discount\'' -a list -d 'List the store\'s discounts, filtered by status, method or type; --all follows every page'
complete -c store-cli -n '__store_cli_at \'discount\'' -a get -d 'Show one discount: its type, value, method, eligibility, status and dates'
complete -c store-cli -n '__store_cli_at \'discount\'' -a count -d 'Count the store\'s discounts, filtered by status, method or type'
complete -c store-cli -n '__store_cli_at \'discount\'' -a create -d 'Create a discount: a product, order or shipping discount, a fixed amount or a percentage, by its code (yours or generated) or automatic'
complete -c store-cli -n '__store_cli_at \'discount\'' -a update -d 'Change a discount\'s title, value, type, eligibility, dates or limits (only what is given is sent)'
complete -c store-cli -n '__store_cli_at \'discount\'' -a enable -d 'Enable a discount: customers can use it (from its start time)'
complete -c store-cli -n '__store_cli_at \'discount\'' -a disable -d 'Disable a discount: customers can no longer use it (enable turns it back on)'
complete -c store-cli -n '__store_cli_at \'discount\'' -a delete -d 'Delete a discount and its codes; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'discount\'' -a import -d 'Create or update discounts from a CSV, one row a discount with its code; --like copies a discount for a file of codes; safe to re-run, and undoable'
complete -c store-cli -n '__store_cli_at \'discount\'' -a export -d 'Write the store\'s discounts as the CSV (or JSON lines) discount import reads: one row a discount with its code'
complete -c store-cli -n '__store_cli_at \'discount\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli discount list
complete -c store-cli -n '__store_cli_at \'discount list\'' -l status -x -a 'enabled disabled' -d 'only discounts in this status: one of enabled, disabled (or ENABLED, DISABLED)'
complete -c store-cli -n '__store_cli_at \'discount list\'' -l discount-method -x -a 'code automatic' -d 'only discounts that apply so: one of code, automatic (or CODE_DISCOUNT, AUTOMATIC_DISCOUNT)'
complete -c store-cli -n '__store_cli_at \'discount list\'' -l discount-type -x -a 'product order shipping' -d 'only discounts of this type: one of product, order, shipping (or PRODUCT_DISCOUNT, ORDER_DISCOUNT, SHIPPING_DISCOUNT)'
complete -c store-cli -n '__store_cli_at \'discount list\'' -l since-id -x -d 'only discounts with an id greater than this'
complete -c store-cli -n '__store_cli_at \'discount list\'' -l limit -x -d 'page size, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'discount list\'' -l page-token -x -d 'continue from this page cursor (the opaque text a listing that stopped before the last page prints on stderr); alone or with --limit'
complete -c store-cli -n '__store_cli_at \'discount list\'' -l all -d 'follow next-page links to the end, streaming page after page'
complete -c store-cli -n '__store_cli_at \'discount list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words discountId id title promotionType discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'discount list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words discountId id title promotionType discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'discount list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'discount list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id title discountType valueType value discountMethod status startTime endTime code\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'discount list\'' -s h -l help -d 'show help'

# store-cli discount get
complete -c store-cli -n '__store_cli_at \'discount get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words discountId id title promotionType discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'discount get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'discount get\'' -s h -l help -d 'show help'

# store-cli discount count
complete -c store-cli -n '__store_cli_at \'discount count\'' -l status -x -a 'enabled disabled' -d 'only discounts in this status: one of enabled, disabled (or ENABLED, DISABLED)'
complete -c store-cli -n '__store_cli_at \'discount count\'' -l discount-method -x -a 'code automatic' -d 'only discounts that apply so: one of code, automatic (or CODE_DISCOUNT, AUTOMATIC_DISCOUNT)'
complete -c store-cli -n '__store_cli_at \'discount count\'' -l discount-type -x -a 'product order shipping' -d 'only discounts of this type: one of product, order, shipping (or PRODUCT_DISCOUNT, ORDER_DISCOUNT, SHIPPING_DISCOUNT)'
complete -c store-cli -n '__store_cli_at \'discount count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'discount count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'discount count\'' -s h -l help -d 'show help'

# store-cli discount create
complete -c store-cli -n '__store_cli_at \'discount create\'' -l title -x -d 'the title customers see in their cart (1..255 characters)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l discount-type -x -a 'product order shipping' -d 'what it takes off: one of product, order, shipping (or PRODUCT_DISCOUNT, ORDER_DISCOUNT, SHIPPING_DISCOUNT)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l value-type -x -a 'fixed percentage' -d 'how the value reads: one of fixed, percentage (or FIXED_AMOUNT_OFF, PERCENTAGE)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l value -x -d 'the amount off (such as 5.00) or the percentage (above 0, at most 100)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l eligibility -x -a 'all segment' -d 'who may use it: one of all, segment (or ALL, SEGMENT) (default: segment when --segment-ids is given, else all)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l segment-ids -x -d 'the customer segments that may use it (comma-separated ids), with --eligibility segment'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l start-time -x -d 'when it starts, such as 2026-12-01T00:00:00Z, or a date (its first second, UTC) (default: now)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l end-time -x -d 'when it ends, such as 2026-12-31T23:59:59Z, or a date (its last second, UTC); none: it never ends (the default)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l usage-limit -x -d 'how many times it may be used in all, 1..999999999; none: no limit (the default)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l once-per-customer -x -a 'true false' -d 'whether each customer may use it once only'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l discount-method -x -a 'code automatic' -d 'how it applies: one of code, automatic (or CODE_DISCOUNT, AUTOMATIC_DISCOUNT) (default: code)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l code -x -d 'the code customers type: on Genstore 8 letters and digits, on the service 3 to 50 letters, digits, - or _ (without it, Genstore generates one; a service discount is made without)'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'discount create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words discountId id title promotionType discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'discount create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'discount create\'' -s h -l help -d 'show help'

# store-cli discount update
complete -c store-cli -n '__store_cli_at \'discount update\'' -l title -x -d 'the title customers see in their cart (1..255 characters)'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l discount-type -x -a 'product order shipping' -d 'what it takes off: one of product, order, shipping (or PRODUCT_DISCOUNT, ORDER_DISCOUNT, SHIPPING_DISCOUNT)'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l value-type -x -a 'fixed percentage' -d 'how the value reads: one of fixed, percentage (or FIXED_AMOUNT_OFF, PERCENTAGE)'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l value -x -d 'the amount off (such as 5.00) or the percentage (above 0, at most 100)'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l eligibility -x -a 'all segment' -d 'who may use it: one of all, segment (or ALL, SEGMENT) (default: segment when --segment-ids is given, else all)'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l segment-ids -x -d 'the customer segments that may use it (comma-separated ids), with --eligibility segment'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l start-time -x -d 'when it starts, such as 2026-12-01T00:00:00Z, or a date (its first second, UTC) (default: now)'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l end-time -x -d 'when it ends, such as 2026-12-31T23:59:59Z, or a date (its last second, UTC); none: it never ends (the default)'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l usage-limit -x -d 'how many times it may be used in all, 1..999999999; none: no limit (the default)'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l once-per-customer -x -a 'true false' -d 'whether each customer may use it once only'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'discount update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words discountId id title promotionType discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'discount update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'discount update\'' -s h -l help -d 'show help'

# store-cli discount enable
complete -c store-cli -n '__store_cli_at \'discount enable\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'discount enable\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words discountId id title promotionType discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'discount enable\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'discount enable\'' -s h -l help -d 'show help'

# store-cli discount disable
complete -c store-cli -n '__store_cli_at \'discount disable\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'discount disable\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words discountId id title promotionType discountType valueType value discountMethod eligibility segmentIds status startTime endTime usageLimit oncePerCustomer codesCount createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'discount disable\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'discount disable\'' -s h -l help -d 'show help'

# store-cli discount delete
complete -c store-cli -n '__store_cli_at \'discount delete\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'discount delete\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'discount delete\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words method path body\')' -d 'print the request as JSON (with --dry-run; a delete itself prints nothing) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'discount delete\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'discount delete\'' -s h -l help -d 'show help'

# store-cli discount import
complete -c store-cli -n '__store_cli_at \'discount import\'' -l like -x -d 'the id or code of a discount whose every setting each row takes where its cells are empty; a copy\'s title is the discount\'s with its code (names are unique on Genstore)'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l codes-out -r -F -d 'write the codes generated for code rows without a code to this new file (mode 0600); required when a row has none'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l dry-run -d 'validate and print the plan (creates, updates, unchanged): reads the store\'s discounts, writes nothing'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l rejects -r -F -d 'write every failed row to this CSV file, with its line number and the reason'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l results -r -F -d 'write a CSV line per row as the run goes: line, key, action (created, updated, unchanged, rejected), the id the store gave, and the value an update replaced'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l shard -x -d 'take only share i of n of the discounts (split by code), for n parallel jobs over one file'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l concurrency -x -d 'requests in flight, 1..64 (default: the profile\'s import-concurrency, else 8); the store\'s rate-limit header, or its 429s, pace the run by themselves'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l give-up-after -x -d 'stop (exit 1, with the summary) once the store has refused every request with 429 for this long, such as 90s, 10m or 1h (default 5m)'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l all-or-nothing -d 'run the whole file on a copy of what it touches first (read from the store, GETs only, as --rehearse does) and write nothing unless no row would be rejected there; a write the store still refuses has the run\'s writes taken back from its journal (exit 3, or 1 naming every key left changed). With --shard each shard decides alone'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l max-rejects -x -d 'stop sending writes once more than n rows (a whole number, such as 10) or p% of the rows read (such as 5%, judged from the 100th row on) are rejected: what is in flight finishes, then exit 3 with the summary'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l rehearse -d 'run the whole import on an in-memory copy of what the file touches (read from the store, GETs only), in the store\'s dialect and at its rate: prints the plan, every row the store would reject, the requests and how long they would take; writes nothing to the store'
complete -c store-cli -n '__store_cli_at \'discount import\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words rows created updated unchanged partial failed unfinished requests refused elapsedMs runId\')' -d 'print the summary {rows, created, updated, unchanged, partial, failed, unfinished, requests, refused, elapsedMs, runId} as JSON on stdout (partial: rows of which part landed and part was refused; unfinished: rows read but not applied when the run stopped; requests: every attempt sent; refused: those the rate limit refused with 429; runId: the run to undo, null when nothing written is kept) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'discount import\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'discount import\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'discount import\' 0' -F -d 'file'

# store-cli discount export
complete -c store-cli -n '__store_cli_at \'discount export\'' -l output -r -F -d 'write to this file, which appears only once complete (default: stdout; - is stdout; a device or FIFO is written in place)'
complete -c store-cli -n '__store_cli_at \'discount export\'' -l jsonl -d 'write JSON lines (one object a discount, keys as the CSV columns) instead of CSV'
complete -c store-cli -n '__store_cli_at \'discount export\'' -l no-ids -d 'leave out the store\'s ids (discountId): two stores holding the same discounts then export the same bytes'
complete -c store-cli -n '__store_cli_at \'discount export\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'discount export\'' -s h -l help -d 'show help'

# store-cli discount help
complete -c store-cli -n '__store_cli_at \'discount help\'' -a 'list get count create update enable disable delete import export' -d 'command'

# store-cli order
complete -c store-cli -n '__store_cli_at \'order\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'order\'' -a list -d 'List orders, newest first, filtered by state, payment, fulfilment, creation time or customer; --all follows every page'
complete -c store-cli -n '__store_cli_at \'order\'' -a get -d 'Show one order, and in a terminal its line items below it (--json for the whole order)'
complete -c store-cli -n '__store_cli_at \'order\'' -a count -d 'Count orders, with the filters order list takes'
complete -c store-cli -n '__store_cli_at \'order\'' -a create -d 'Create an order: lines by SKU or variant id, the buyer by email'
complete -c store-cli -n '__store_cli_at \'order\'' -a update -d 'Change an order\'s note or tags'
complete -c store-cli -n '__store_cli_at \'order\'' -a cancel -d 'Cancel an order; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'order\'' -a export -d 'Write the orders of a time window as CSV (or JSON lines), one row per line item, with flat money columns; paced and resumable'
complete -c store-cli -n '__store_cli_at \'order\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli order list
complete -c store-cli -n '__store_cli_at \'order list\'' -l status -x -a 'open closed cancelled any' -d 'only orders in this state: open, closed, cancelled, or any (every state, as when not given); checked by store-cli too'
complete -c store-cli -n '__store_cli_at \'order list\'' -l financial-status -x -a 'pending authorized partially_paid paid partially_refunded refunded voided' -d 'only orders in this payment state (a filter the store documents)'
complete -c store-cli -n '__store_cli_at \'order list\'' -l fulfillment-status -x -a 'unfulfilled partial fulfilled' -d 'only orders in this fulfilment state (a filter the store documents)'
complete -c store-cli -n '__store_cli_at \'order list\'' -l created-since -x -d 'only orders created at or after this date or time (YYYY-MM-DD is midnight UTC); checked by store-cli too'
complete -c store-cli -n '__store_cli_at \'order list\'' -l created-until -x -d 'only orders created at or before this date or time (YYYY-MM-DD: up to the end of that day, UTC); not before --created-since; checked by store-cli too'
complete -c store-cli -n '__store_cli_at \'order list\'' -l customer -x -d 'only this customer\'s orders: a customer id, or an email address (the order\'s email, ignoring case); checked by store-cli too'
complete -c store-cli -n '__store_cli_at \'order list\'' -l sort -x -a 'newest oldest' -d 'newest (the default: the latest placed first) or oldest (the store\'s own order, ascending ids)'
complete -c store-cli -n '__store_cli_at \'order list\'' -l limit -x -d 'orders a page, 1..250 (default: the profile\'s page-size, else 50; with --all, 250)'
complete -c store-cli -n '__store_cli_at \'order list\'' -l since-id -x -d 'only orders with an id greater than this (the next page of an oldest-first listing)'
complete -c store-cli -n '__store_cli_at \'order list\'' -l before-id -x -d 'only orders with an id less than this (the next page of a newest-first listing)'
complete -c store-cli -n '__store_cli_at \'order list\'' -l page-token -x -d 'continue from the store\'s own page cursor, an opaque text (oldest first); alone or with --limit: the token carries the filters'
complete -c store-cli -n '__store_cli_at \'order list\'' -l all -d 'every page, streamed page after page'
complete -c store-cli -n '__store_cli_at \'order list\'' -l max-pages -x -d 'stop with an error once this many of the store\'s pages were read and it still names a next one (default 100000); with --all or newest first'
complete -c store-cli -n '__store_cli_at \'order list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words orderId id name status financialStatus fulfillmentStatus currency shopCurrency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems refunds cancelReason cancelTime closedTime createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'order list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words orderId id name status financialStatus fulfillmentStatus currency shopCurrency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems refunds cancelReason cancelTime closedTime createTime updateTime\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'order list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'order list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words orderId name createTime status financialStatus fulfillmentStatus totalPrice currency email\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'order list\'' -s h -l help -d 'show help'

# store-cli order get
complete -c store-cli -n '__store_cli_at \'order get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words orderId id name status financialStatus fulfillmentStatus currency shopCurrency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems refunds cancelReason cancelTime closedTime createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'order get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'order get\'' -s h -l help -d 'show help'

# store-cli order count
complete -c store-cli -n '__store_cli_at \'order count\'' -l status -x -a 'open closed cancelled any' -d 'only orders in this state: open, closed, cancelled, or any (every state, as when not given); checked by store-cli too'
complete -c store-cli -n '__store_cli_at \'order count\'' -l financial-status -x -a 'pending authorized partially_paid paid partially_refunded refunded voided' -d 'only orders in this payment state (a filter the store documents)'
complete -c store-cli -n '__store_cli_at \'order count\'' -l fulfillment-status -x -a 'unfulfilled partial fulfilled' -d 'only orders in this fulfilment state (a filter the store documents)'
complete -c store-cli -n '__store_cli_at \'order count\'' -l created-since -x -d 'only orders created at or after this date or time (YYYY-MM-DD is midnight UTC); checked by store-cli too'
complete -c store-cli -n '__store_cli_at \'order count\'' -l created-until -x -d 'only orders created at or before this date or time (YYYY-MM-DD: up to the end of that day, UTC); not before --created-since; checked by store-cli too'
complete -c store-cli -n '__store_cli_at \'order count\'' -l customer -x -d 'only this customer\'s orders: a customer id, or an email address (the order\'s email, ignoring case); checked by store-cli too'
complete -c store-cli -n '__store_cli_at \'order count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'order count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'order count\'' -s h -l help -d 'show help'

# store-cli order create
complete -c store-cli -n '__store_cli_at \'order create\'' -l file -r -F -d 'the order as JSON (bare or as {"order": ...}); "-" reads stdin. Flags override its fields, and line flags its lines'
complete -c store-cli -n '__store_cli_at \'order create\'' -l sku -x -d 'a line by SKU, with :quantity (default 1); repeatable'
complete -c store-cli -n '__store_cli_at \'order create\'' -l variant-id -x -d 'a line by variant id, with :quantity (default 1); repeatable'
complete -c store-cli -n '__store_cli_at \'order create\'' -l email -x -d 'the buyer\'s email address (the store links the customer who has it)'
complete -c store-cli -n '__store_cli_at \'order create\'' -l customer-id -x -d 'the buyer, by customer id'
complete -c store-cli -n '__store_cli_at \'order create\'' -l financial-status -x -a 'pending authorized paid' -d 'pending, authorized or paid (default: paid)'
complete -c store-cli -n '__store_cli_at \'order create\'' -l total-shipping-price -x -d 'shipping charged, a decimal (default 0.00)'
complete -c store-cli -n '__store_cli_at \'order create\'' -l total-tax -x -d 'tax charged, a decimal (default 0.00)'
complete -c store-cli -n '__store_cli_at \'order create\'' -l total-discounts -x -d 'discounts given, a decimal (default 0.00)'
complete -c store-cli -n '__store_cli_at \'order create\'' -l note -x -d 'a note, at most 5000 characters'
complete -c store-cli -n '__store_cli_at \'order create\'' -l tags -x -d 'tags, comma-separated (at most 1000 characters)'
complete -c store-cli -n '__store_cli_at \'order create\'' -l source-identifier -x -d 'its id where it comes from (finds it after a lost answer)'
complete -c store-cli -n '__store_cli_at \'order create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'order create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words orderId id name status financialStatus fulfillmentStatus currency shopCurrency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems refunds cancelReason cancelTime closedTime createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'order create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'order create\'' -s h -l help -d 'show help'

# store-cli order update
complete -c store-cli -n '__store_cli_at \'order update\'' -l note -x -d 'the new note (an empty text clears it)'
complete -c store-cli -n '__store_cli_at \'order update\'' -l tags -x -d 'the new tags, comma-separated (replacing the old ones; an empty text clears them)'
complete -c store-cli -n '__store_cli_at \'order update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'order update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words orderId id name status financialStatus fulfillmentStatus currency shopCurrency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems refunds cancelReason cancelTime closedTime createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'order update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'order update\'' -s h -l help -d 'show help'

# store-cli order cancel
complete -c store-cli -n '__store_cli_at \'order cancel\'' -l reason -x -a 'customer inventory fraud declined other' -d 'why the order is cancelled'
complete -c store-cli -n '__store_cli_at \'order cancel\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'order cancel\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'order cancel\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words orderId id name status financialStatus fulfillmentStatus currency shopCurrency subtotalPrice totalTax totalShippingPrice totalDiscounts totalPrice totalOutstanding currentTotalDiscounts currentTotalTax customerId email note tags sourceIdentifier paymentGatewayNames lineItems refunds cancelReason cancelTime closedTime createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'order cancel\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'order cancel\'' -s h -l help -d 'show help'

# store-cli order export
complete -c store-cli -n '__store_cli_at \'order export\'' -l since -x -d 'orders created at or after this date or time (YYYY-MM-DD is midnight UTC)'
complete -c store-cli -n '__store_cli_at \'order export\'' -l until -x -d 'orders created up to the end of this date, or at or before this time; not before --since (default: now)'
complete -c store-cli -n '__store_cli_at \'order export\'' -l status -x -a 'open closed cancelled any' -d 'only orders in this state'
complete -c store-cli -n '__store_cli_at \'order export\'' -l financial-status -x -a 'pending authorized partially_paid paid partially_refunded refunded voided' -d 'only orders in this payment state'
complete -c store-cli -n '__store_cli_at \'order export\'' -l fulfillment-status -x -a 'unfulfilled partial fulfilled' -d 'only orders in this fulfilment state'
complete -c store-cli -n '__store_cli_at \'order export\'' -l customer -x -d 'only this customer\'s orders: a customer id or an email address'
complete -c store-cli -n '__store_cli_at \'order export\'' -l output -r -F -d 'write to this file (mode 0600: it holds buyers\' emails), which appears only once complete (written as FILE.partial meanwhile); default: stdout (- is stdout; a device or FIFO is written in place)'
complete -c store-cli -n '__store_cli_at \'order export\'' -l jsonl -d 'write JSON lines (one object per line item, keys as the CSV columns) instead of CSV'
complete -c store-cli -n '__store_cli_at \'order export\'' -l resume -d 'go on with the interrupted export of --output (FILE.partial), with the same --since, --until and filters'
complete -c store-cli -n '__store_cli_at \'order export\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'order export\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words orders rows resumedAfter windowLimited requests refused elapsedMs\')' -d 'print the summary {orders, rows, resumedAfter, windowLimited, requests, refused, elapsedMs} as JSON on stdout (with --output only: without it, stdout holds the rows) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'order export\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'order export\'' -s h -l help -d 'show help'

# store-cli order help
complete -c store-cli -n '__store_cli_at \'order help\'' -a 'list get count create update cancel export' -d 'command'

# store-cli fulfillment
complete -c store-cli -n '__store_cli_at \'fulfillment\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'fulfillment\'' -a list -d 'List an order\'s fulfillments: carrier, tracking number, lines, cancelled or not'
complete -c store-cli -n '__store_cli_at \'fulfillment\'' -a count -d 'Count an order\'s fulfillments'
complete -c store-cli -n '__store_cli_at \'fulfillment\'' -a create -d 'Fulfill an order, or some of its lines, with a carrier and tracking number'
complete -c store-cli -n '__store_cli_at \'fulfillment\'' -a update-tracking -d 'Change a fulfillment\'s carrier, tracking number or tracking URL; only the flags given are sent'
complete -c store-cli -n '__store_cli_at \'fulfillment\'' -a cancel -d 'Cancel a fulfillment: its lines are left to ship again'
complete -c store-cli -n '__store_cli_at \'fulfillment\'' -a import -d 'Mark orders shipped from a file of tracking numbers (CSV or JSON lines): one fulfillment an order and number; safe to re-run, undoable'
complete -c store-cli -n '__store_cli_at \'fulfillment\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli fulfillment list
complete -c store-cli -n '__store_cli_at \'fulfillment list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id orderId status trackingCompany trackingNumber trackingUrl notifyCustomer lineItems createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'fulfillment list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id orderId status trackingCompany trackingNumber trackingUrl notifyCustomer lineItems createTime updateTime\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'fulfillment list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'fulfillment list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id status trackingCompany trackingNumber lineItems createTime\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'fulfillment list\'' -s h -l help -d 'show help'

# store-cli fulfillment count
complete -c store-cli -n '__store_cli_at \'fulfillment count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'fulfillment count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'fulfillment count\'' -s h -l help -d 'show help'

# store-cli fulfillment create
complete -c store-cli -n '__store_cli_at \'fulfillment create\'' -l line-items -x -d 'the order\'s line items to ship, each id with an optional :quantity (default: every line left to ship, all of it)'
complete -c store-cli -n '__store_cli_at \'fulfillment create\'' -l tracking-number -x -d 'the carrier\'s tracking number, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'fulfillment create\'' -l carrier -x -d 'the carrier, such as UPS or DHL, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'fulfillment create\'' -l tracking-url -x -d 'where the parcel is tracked, an absolute http or https URL'
complete -c store-cli -n '__store_cli_at \'fulfillment create\'' -l notify -d 'email the customer that the order has shipped'
complete -c store-cli -n '__store_cli_at \'fulfillment create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'fulfillment create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id orderId status trackingCompany trackingNumber trackingUrl notifyCustomer lineItems createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'fulfillment create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'fulfillment create\'' -s h -l help -d 'show help'

# store-cli fulfillment update-tracking
complete -c store-cli -n '__store_cli_at \'fulfillment update-tracking\'' -l tracking-number -x -d 'the carrier\'s tracking number, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'fulfillment update-tracking\'' -l carrier -x -d 'the carrier, such as UPS or DHL, 1..255 characters'
complete -c store-cli -n '__store_cli_at \'fulfillment update-tracking\'' -l tracking-url -x -d 'where the parcel is tracked, an absolute http or https URL'
complete -c store-cli -n '__store_cli_at \'fulfillment update-tracking\'' -l notify -d 'email the customer that the order has shipped'
complete -c store-cli -n '__store_cli_at \'fulfillment update-tracking\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'fulfillment update-tracking\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id orderId status trackingCompany trackingNumber trackingUrl notifyCustomer lineItems createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'fulfillment update-tracking\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'fulfillment update-tracking\'' -s h -l help -d 'show help'

# store-cli fulfillment cancel
complete -c store-cli -n '__store_cli_at \'fulfillment cancel\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'fulfillment cancel\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id orderId status trackingCompany trackingNumber trackingUrl notifyCustomer lineItems createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'fulfillment cancel\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'fulfillment cancel\'' -s h -l help -d 'show help'

# store-cli fulfillment import
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l dry-run -d 'validate and print the plan (creates, updates, unchanged): reads the orders the file names and, where some may exist, their fulfillments, writes nothing'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l rejects -r -F -d 'write every failed row to this CSV file, with its line number and the reason'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l results -r -F -d 'write a CSV line per row as the run goes: line, key, action (created, updated, unchanged, rejected), the id the store gave, and the value an update replaced'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l shard -x -d 'take only share i of n of the orders (split by the order column), for n parallel jobs over one file'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l concurrency -x -d 'requests in flight, 1..64 (default: the profile\'s import-concurrency, else 8); the store\'s rate-limit header, or its 429s, pace the run by themselves'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l give-up-after -x -d 'stop (exit 1, with the summary) once the store has refused every request with 429 for this long, such as 90s, 10m or 1h (default 5m)'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l all-or-nothing -d 'run the whole file on a copy of what it touches first (read from the store, GETs only, as --rehearse does) and write nothing unless no row would be rejected there; a write the store still refuses has the run\'s writes taken back from its journal (exit 3, or 1 naming every key left changed). With --shard each shard decides alone'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l max-rejects -x -d 'stop sending writes once more than n rows (a whole number, such as 10) or p% of the rows read (such as 5%, judged from the 100th row on) are rejected: what is in flight finishes, then exit 3 with the summary'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l rehearse -d 'run the whole import on an in-memory copy of what the file touches (read from the store, GETs only), in the store\'s dialect and at its rate: prints the plan, every row the store would reject, the requests and how long they would take; writes nothing to the store'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words rows created updated unchanged partial failed unfinished requests refused elapsedMs runId\')' -d 'print the summary {rows, created, updated, unchanged, partial, failed, unfinished, requests, refused, elapsedMs, runId} as JSON on stdout (partial: rows of which part landed and part was refused; unfinished: rows read but not applied when the run stopped; requests: every attempt sent; refused: those the rate limit refused with 429; runId: the run to undo, null when nothing written is kept) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'fulfillment import\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'fulfillment import\' 0' -F -d 'file'

# store-cli fulfillment help
complete -c store-cli -n '__store_cli_at \'fulfillment help\'' -a 'list count create update-tracking cancel import' -d 'command'

# store-cli payment
complete -c store-cli -n '__store_cli_at \'payment\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'payment\'' -a get -d 'Show one payment transaction; card numbers and keys are masked'
complete -c store-cli -n '__store_cli_at \'payment\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli payment get
complete -c store-cli -n '__store_cli_at \'payment get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words paymentId orderId status amount currency fee channel channelTrxNo successPaymentTime channelDetails\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'payment get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'payment get\'' -s h -l help -d 'show help'

# store-cli payment help
complete -c store-cli -n '__store_cli_at \'payment help\'' -a 'get' -d 'command'

# store-cli refund
complete -c store-cli -n '__store_cli_at \'refund\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'refund\'' -a list -d 'List an order\'s refunds: amount, lines and shipping given back, note'
complete -c store-cli -n '__store_cli_at \'refund\'' -a get -d 'Show one refund: its order, amount, lines and shipping given back, note'
complete -c store-cli -n '__store_cli_at \'refund\'' -a create -d 'Give money back on an order: some of its lines, its shipping, or an amount; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'refund\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli refund list
complete -c store-cli -n '__store_cli_at \'refund list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id refundId orderId customerId amount refundPrice currency note notifyCustomer lineItems shipping status createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'refund list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id refundId orderId customerId amount refundPrice currency note notifyCustomer lineItems shipping status createTime updateTime\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'refund list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'refund list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id amount currency lineItems shipping note createTime\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'refund list\'' -s h -l help -d 'show help'

# store-cli refund get
complete -c store-cli -n '__store_cli_at \'refund get\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id refundId orderId customerId amount refundPrice currency note notifyCustomer lineItems shipping status createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'refund get\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'refund get\'' -s h -l help -d 'show help'

# store-cli refund create
complete -c store-cli -n '__store_cli_at \'refund create\'' -l line-items -x -d 'the order\'s line items given back, each id with an optional :quantity (default: all of the line not refunded yet)'
complete -c store-cli -n '__store_cli_at \'refund create\'' -l shipping-price -x -d 'the shipping given back, a decimal amount such as 4.50'
complete -c store-cli -n '__store_cli_at \'refund create\'' -l amount -x -d 'the money given back, a decimal such as 10.00, when not what the store works out from the lines and the shipping'
complete -c store-cli -n '__store_cli_at \'refund create\'' -l note -x -d 'why, shown to the customer; at most 500 characters'
complete -c store-cli -n '__store_cli_at \'refund create\'' -l notify -d 'email the customer about the refund'
complete -c store-cli -n '__store_cli_at \'refund create\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'refund create\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'refund create\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id refundId orderId customerId amount refundPrice currency note notifyCustomer lineItems shipping status createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'refund create\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'refund create\'' -s h -l help -d 'show help'

# store-cli refund help
complete -c store-cli -n '__store_cli_at \'refund help\'' -a 'list get create' -d 'command'

# store-cli webhook
complete -c store-cli -n '__store_cli_at \'webhook\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'webhook\'' -a listen -d 'Receive webhook deliveries locally (X-Service-* or X-Genstore-*): one line each, signatures checked, optionally forwarded to your app'
complete -c store-cli -n '__store_cli_at \'webhook\'' -a trigger -d 'Send a realistic signed sample event of a topic to a URL, to test a webhook handler without a store'
complete -c store-cli -n '__store_cli_at \'webhook\'' -a resend -d 'Send a delivery kept by webhook listen --log again, re-signed, to a URL'
complete -c store-cli -n '__store_cli_at \'webhook\'' -a subscribe -d 'Subscribe an address to a topic: the store POSTs each of the topic\'s events there, signed'
complete -c store-cli -n '__store_cli_at \'webhook\'' -a subscriptions -d 'List the store\'s webhook subscriptions, optionally of one topic or address'
complete -c store-cli -n '__store_cli_at \'webhook\'' -a unsubscribe -d 'Delete a webhook subscription: its address gets no more events; asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'webhook\'' -a subscription -d 'Change a webhook subscription\'s address or topic, or count the store\'s subscriptions'
complete -c store-cli -n '__store_cli_at \'webhook\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli webhook listen
complete -c store-cli -n '__store_cli_at \'webhook listen\'' -l port -x -d 'port to listen on, 0 for any free port'
complete -c store-cli -n '__store_cli_at \'webhook listen\'' -l host -x -d 'address to listen on'
complete -c store-cli -n '__store_cli_at \'webhook listen\'' -l secret -x -d 'check X-Service-Hmac-Sha256 or X-Genstore-Hmac-Sha256 with this shared secret (default: STORE_CLI_WEBHOOK_SECRET); refuse a bad or missing signature with 401'
complete -c store-cli -n '__store_cli_at \'webhook listen\'' -l forward-to -x -d 'forward each accepted delivery, headers and body unchanged, to this URL, and answer the sender with the app\'s status'
complete -c store-cli -n '__store_cli_at \'webhook listen\'' -l log -r -F -d 'append each accepted delivery to FILE as a JSON line (all headers, exact body), on disk before the sender is answered; webhook resend replays them'
complete -c store-cli -n '__store_cli_at \'webhook listen\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words receivedAt topic webhookId triggeredAt apiVersion brand shopDomain productId title verified status forwardStatus payload\')' -d 'print one JSON object per delivery (NDJSON) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'webhook listen\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words receivedAt topic webhookId triggeredAt apiVersion brand shopDomain productId title verified status forwardStatus payload\')' -d 'the same as --json'
complete -c store-cli -n '__store_cli_at \'webhook listen\'' -s q -l jq -x -d 'filter the JSON with jq (with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'webhook listen\'' -s h -l help -d 'show help'

# store-cli webhook trigger
complete -c store-cli -n '__store_cli_at \'webhook trigger\'' -l to -x -d 'the handler to send it to (absolute http or https URL)'
complete -c store-cli -n '__store_cli_at \'webhook trigger\'' -l secret -x -d 'sign it with this shared secret (X-Service-Hmac-Sha256 or X-Genstore-Hmac-Sha256; default: STORE_CLI_WEBHOOK_SECRET); without one the event goes unsigned'
complete -c store-cli -n '__store_cli_at \'webhook trigger\'' -l brand -x -a 'service genstore' -d 'send under this header family\'s names (X-Service-* or X-Genstore-*); default: the profile\'s brand (STORE_CLI_BRAND, the profile, the store\'s host)'
complete -c store-cli -n '__store_cli_at \'webhook trigger\'' -l product-id -x -d 'product topics: put this product id on the payload (the product, its variants and images) instead of its own'
complete -c store-cli -n '__store_cli_at \'webhook trigger\'' -l file -r -F -d 'send this JSON payload (- for stdin) instead of the sample; checked like the sample'
complete -c store-cli -n '__store_cli_at \'webhook trigger\'' -l set -x -d 'change one field of the payload, e.g. title=Sweater or variants.0.price=19.99 (value read as JSON when it is JSON); repeatable'
complete -c store-cli -n '__store_cli_at \'webhook trigger\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words topic webhookId productId url status\')' -d 'print {topic, webhookId, productId, url, status} as JSON (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'webhook trigger\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'webhook trigger\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'webhook trigger\' 0' -a 'products/create products/update products/delete orders/create orders/update orders/delete orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge customers/data_request customers/redact discounts/create discounts/update discounts/delete shop/update shop/redact app/scopesUpdate app/uninstalled app/authorizationCodeGranted' -d 'topic'

# store-cli webhook resend
complete -c store-cli -n '__store_cli_at \'webhook resend\'' -l log -r -F -d 'the file webhook listen --log wrote'
complete -c store-cli -n '__store_cli_at \'webhook resend\'' -l to -x -d 'the handler to send it to (absolute http or https URL)'
complete -c store-cli -n '__store_cli_at \'webhook resend\'' -l secret -x -d 'sign it with this shared secret (X-Service-Hmac-Sha256 or X-Genstore-Hmac-Sha256; default: STORE_CLI_WEBHOOK_SECRET); without one it goes unsigned'
complete -c store-cli -n '__store_cli_at \'webhook resend\'' -l brand -x -a 'service genstore' -d 'send under this header family\'s names (X-Service-* or X-Genstore-*); default: the profile\'s brand (STORE_CLI_BRAND, the profile, the store\'s host); without any of those, the family it was logged in'
complete -c store-cli -n '__store_cli_at \'webhook resend\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words topic webhookId productId url status\')' -d 'print {topic, webhookId, productId, url, status} as JSON (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'webhook resend\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'webhook resend\'' -s h -l help -d 'show help'

# store-cli webhook subscribe
complete -c store-cli -n '__store_cli_at \'webhook subscribe\'' -l address -x -d 'where the store POSTs the events (absolute http or https URL)'
complete -c store-cli -n '__store_cli_at \'webhook subscribe\'' -l topic -x -a 'products/create products/update products/delete orders/create orders/update orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge customers/data_request customers/redact discounts/create discounts/update discounts/delete shop/update shop/redact app/scopesUpdate app/uninstalled app/authorizationCodeGranted collections/create collections/update collections/delete refunds/create' -d 'the event to receive, noun/verb such as orders/create (the documented topics are below)'
complete -c store-cli -n '__store_cli_at \'webhook subscribe\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'webhook subscribe\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id address topic format createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'webhook subscribe\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'webhook subscribe\'' -s h -l help -d 'show help'

# store-cli webhook subscriptions
complete -c store-cli -n '__store_cli_at \'webhook subscriptions\'' -l topic -x -a 'products/create products/update products/delete orders/create orders/update orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge customers/data_request customers/redact discounts/create discounts/update discounts/delete shop/update shop/redact app/scopesUpdate app/uninstalled app/authorizationCodeGranted collections/create collections/update collections/delete refunds/create' -d 'only subscriptions to this topic (noun/verb, such as orders/create)'
complete -c store-cli -n '__store_cli_at \'webhook subscriptions\'' -l address -x -d 'only subscriptions that send to this address (exactly as subscribed)'
complete -c store-cli -n '__store_cli_at \'webhook subscriptions\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id address topic format createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'webhook subscriptions\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id address topic format createTime updateTime\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'webhook subscriptions\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'webhook subscriptions\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id topic address createTime\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'webhook subscriptions\'' -s h -l help -d 'show help'

# store-cli webhook unsubscribe
complete -c store-cli -n '__store_cli_at \'webhook unsubscribe\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'webhook unsubscribe\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'webhook unsubscribe\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words method path body\')' -d 'print the request as JSON (with --dry-run; an unsubscribe itself prints nothing) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'webhook unsubscribe\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'webhook unsubscribe\'' -s h -l help -d 'show help'

# store-cli webhook subscription
complete -c store-cli -n '__store_cli_at \'webhook subscription\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'webhook subscription\'' -a update -d 'Change the address or the topic (or both) of a webhook subscription'
complete -c store-cli -n '__store_cli_at \'webhook subscription\'' -a count -d 'Count the store\'s webhook subscriptions, optionally of one topic or address'
complete -c store-cli -n '__store_cli_at \'webhook subscription\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli webhook subscription update
complete -c store-cli -n '__store_cli_at \'webhook subscription update\'' -l address -x -d 'send its events to this address from now on (absolute http or https URL)'
complete -c store-cli -n '__store_cli_at \'webhook subscription update\'' -l topic -x -a 'products/create products/update products/delete orders/create orders/update orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge customers/data_request customers/redact discounts/create discounts/update discounts/delete shop/update shop/redact app/scopesUpdate app/uninstalled app/authorizationCodeGranted collections/create collections/update collections/delete refunds/create' -d 'subscribe it to this topic instead, noun/verb such as orders/create'
complete -c store-cli -n '__store_cli_at \'webhook subscription update\'' -l dry-run -d 'print the request that would be sent (method, path, body; secrets masked) and send nothing'
complete -c store-cli -n '__store_cli_at \'webhook subscription update\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id address topic format createTime updateTime\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'webhook subscription update\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'webhook subscription update\'' -s h -l help -d 'show help'

# store-cli webhook subscription count
complete -c store-cli -n '__store_cli_at \'webhook subscription count\'' -l topic -x -a 'products/create products/update products/delete orders/create orders/update orders/paid orders/cancelled orders/fulfilled orders/partiallyFulfilled customers/create customers/update customers/delete customers/merge customers/data_request customers/redact discounts/create discounts/update discounts/delete shop/update shop/redact app/scopesUpdate app/uninstalled app/authorizationCodeGranted collections/create collections/update collections/delete refunds/create' -d 'only subscriptions to this topic (noun/verb, such as orders/create)'
complete -c store-cli -n '__store_cli_at \'webhook subscription count\'' -l address -x -d 'only subscriptions that send to this address (exactly as subscribed)'
complete -c store-cli -n '__store_cli_at \'webhook subscription count\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words count\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'webhook subscription count\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'webhook subscription count\'' -s h -l help -d 'show help'

# store-cli webhook subscription help
complete -c store-cli -n '__store_cli_at \'webhook subscription help\'' -a 'update count' -d 'command'

# store-cli webhook help
complete -c store-cli -n '__store_cli_at \'webhook help\'' -a 'listen trigger resend subscribe subscriptions unsubscribe subscription' -d 'command'

# store-cli report
complete -c store-cli -n '__store_cli_at \'report\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'report\'' -a merge -d 'Add the --report json files of the shards of one run into one report, for a fan-in job'
complete -c store-cli -n '__store_cli_at \'report\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli report merge
complete -c store-cli -n '__store_cli_at \'report merge\'' -l report -x -d 'write a report of the run, repeatable: github (job summary and annotations of the first 10 rejected rows; chosen by itself when GITHUB_ACTIONS=true), junit=FILE, json=FILE (what `report merge` adds up), markdown=FILE; none turns the automatic github report off. Across stores (--env a,b, --group): one file, a section a store'
complete -c store-cli -n '__store_cli_at \'report merge\'' -l allow-missing -d 'exit 0 when a shard has no report (the totals leave it out), instead of 3'
complete -c store-cli -n '__store_cli_at \'report merge\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words format version command kind source dryRun shards rejects\')' -d 'print the merged report as JSON on stdout (the format --report json writes) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'report merge\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'report merge\'' -s h -l help -d 'show help'

# store-cli report help
complete -c store-cli -n '__store_cli_at \'report help\'' -a 'merge' -d 'command'

# store-cli undo
complete -c store-cli -n '__store_cli_at \'undo\'' -l yes -d 'undo without asking (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'undo\'' -l dry-run -d 'print the plan (what would be restored, deleted, disabled, cancelled or left alone): reads the store, writes nothing'
complete -c store-cli -n '__store_cli_at \'undo\'' -l force -d 'also put back keys changed by someone else since the run (by default they are reported and left alone)'
complete -c store-cli -n '__store_cli_at \'undo\'' -l concurrency -x -d 'requests in flight, 1..64 (default 8); the store\'s rate limit paces them'
complete -c store-cli -n '__store_cli_at \'undo\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words runId restored deleted disabled cancelled asBefore leftAlone failed\')' -d 'print the counts {"runId", "restored", "deleted", "disabled", "cancelled", "asBefore", "leftAlone", "failed"} as JSON on stdout (asBefore: keys already as before the run; leftAlone: changed since, or not undoable) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'undo\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'undo\'' -s h -l help -d 'show help'

# store-cli runs
complete -c store-cli -n '__store_cli_at \'runs\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words runId command file store started rows created updated unchanged failed undone undoable needsUndo\')' -d 'print an array of {"runId", "command", "file", "store", "started", "rows", "created", "updated", "unchanged", "failed", "undone", "undoable", "needsUndo"}, newest first (counts null for a run that did not finish; undone null, or {"at", "complete", "leftAlone", "failed"} of its last undo) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'runs\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words runId command file store started rows created updated unchanged failed undone undoable needsUndo\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'runs\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'runs\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words runId command file store started rows created updated unchanged failed undone undoable needsUndo\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'runs\'' -s h -l help -d 'show help'

# store-cli sandbox
complete -c store-cli -n '__store_cli_at \'sandbox\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'sandbox\'' -a serve -d 'Run the sandbox: a real HTTP emulator of the service, for scripts, tests and webhook handlers'
complete -c store-cli -n '__store_cli_at \'sandbox\'' -a reset -d 'Put a sandbox back to its start: the one the profile or --base-url points at back to its seed, or the embedded one\'s state cleared (--sandbox); asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'sandbox\'' -a export -d 'Write a running sandbox\'s whole state to a file (or - for stdout) in the seed format: sandbox import and serve --seed take it back'
complete -c store-cli -n '__store_cli_at \'sandbox\'' -a import -d 'Replace a running sandbox\'s whole state with a file in the seed format (what sandbox export writes); asks first unless --yes'
complete -c store-cli -n '__store_cli_at \'sandbox\'' -a logs -d 'Show a running sandbox\'s request log (requests answered, webhook deliveries made); --follow keeps printing new ones'
complete -c store-cli -n '__store_cli_at \'sandbox\'' -a fault -d 'Change a running sandbox\'s targeted fault rules while it runs'
complete -c store-cli -n '__store_cli_at \'sandbox\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli sandbox serve
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l host -x -d 'address to listen on; another than a loopback one (such as 0.0.0.0) lets other machines in, and is warned about; requests must name this address or a loopback name in their Host header (else 403)'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l port -x -d 'port to listen on, 0 for any free port'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l token -x -d 'accept this token, with all scopes or only those listed (repeatable; default: one generated token, kept in the --data file so that it survives restarts)'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l data -r -F -d 'keep state in this JSON file and its journal: every change answered survives restarts and kill -9; one sandbox per file; default: memory only'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l demo -d 'start with the demo data set when the store is empty (and reset to it)'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l seed -r -F -d 'start with this seed (JSON: gift cards, products, categories, collections, metafield definitions and values, webhook subscriptions, discounts) when the store is empty, and reset to it; sandbox export writes one'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l fail-rate -x -d 'inject faults into this share of requests, a fraction 0..1: 429 with Retry-After, 500, 503, reset connections'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l fail-seed -x -d 'seed for the fault injection, a whole number 0..4294967295, for repeatable runs'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l fault -x -d 'fail, delay or drop the requests a rule matches, METHOD PATH-GLOB STATUS[@PROBABILITY][+LATENCYms], e.g. "POST /api/202412/metafields/** 503@0.3" or "GET /api/202412/products/** 200+800ms" (latency alone); the first rule that matches and fires decides; a rule that matched no request is named on stderr after a minute and at exit (repeatable; drawn with --fail-seed; see docs/sandbox.md "Targeted faults")'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l allow-fault-header -d 'let a request name its own fault in an X-Sandbox-Fault: STATUS[@PROBABILITY][+LATENCYms] header; without this flag the header is ignored'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l ids-as -x -a 'string number' -d 'write ids and counts as JSON strings or as bare JSON numbers'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l dialect -x -a 'service real' -d 'answer in the documented dialect (service) or as a real Genstore store does (real: the token only as X-Genstore-Access-Token, X-Genstore-* rate-limit and webhook headers, whole gift card codes in reads, {"error"} bodies, padded Link with rel=previous, zone-less times, 201 on gift card create, no Retry-After, unordered webhooks that stop after 8 failures, no product count, orders with the docs\' money names, customer search by POST; see docs/sandbox.md "Sandbox dialects")'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l definitions -r -F -d 'metafield definitions (JSON, as `metafield definition export` writes) a new store starts with instead of the demo set; laid over those a --data file holds'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l rate-limit -x -d 'a token bucket per token: a real plan (basic 40 @ 4/s, standard 200 @ 20/s, advanced 400 @ 40/s, legacy 40 @ 2/s) or BURST tokens (a whole number 1..1000000; default 10 x RPS) refilled at RPS a second (a number above 0); an empty bucket answers 429 with Retry-After, and every answer carries X-Service-Shop-Api-Rate-Limit: used/size (X-Genstore-Shop-Api-Rate-Limit with --dialect real)'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l no-rate-limit-header -d 'with --rate-limit, answer without the rate-limit header (a store that does not announce its bucket)'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l webhook -x -d 'also POST every event the store emits (products, customers, orders, discounts, collections) to this absolute http or https URL, signed and retried, without a stored subscription (repeatable)'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l webhook-secret -x -d 'sign webhooks (subscriptions and --webhook alike) with this secret (default: STORE_CLI_WEBHOOK_SECRET, else a generated one, printed on stderr at start)'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l show-codes -d 'answer whole gift card codes in every read (get, search), as the spec\'s gift card object lists them; default: masked to their last four after the create (whole with --dialect real, as Genstore\'s sample shows)'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l shop-name -x -d 'the name GET shops/info answers (shop info, auth status), 1..255 characters; default: Sandbox Shop'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l shop-domain -x -d 'the domain GET shops/info answers, a host name such as my-shop.example.com; default: sandbox.localhost'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l log-size -x -d 'keep the newest N requests and webhook deliveries in the request log that sandbox logs reads, 1..1000000'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l quiet -d 'do not log requests or webhook deliveries on stderr'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l json -d 'print {"baseUrl": ..., "token": ..., "webhookSecret": ...} on stdout once listening (with --stores, an array of them, each with its name and shopDomain)'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -l stores -x -d 'play several stores in this process, such as sb-a,sb-b,sb-c:fail-rate=1, each with its own state, generated token, port (--port and the ones after it; 0: free ports) and shop (name NAME, domain NAME.sandbox.localhost); a store\'s :fail-rate=F is its own --fail-rate; see docs/fleet.md'
complete -c store-cli -n '__store_cli_at \'sandbox serve\'' -s h -l help -d 'show help'

# store-cli sandbox reset
complete -c store-cli -n '__store_cli_at \'sandbox reset\'' -l data -r -F -d 'clear this state file instead (one given to sandbox serve --data, not running)'
complete -c store-cli -n '__store_cli_at \'sandbox reset\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'sandbox reset\'' -s h -l help -d 'show help'

# store-cli sandbox export
complete -c store-cli -n '__store_cli_at \'sandbox export\'' -l force -d 'replace the file if it exists'
complete -c store-cli -n '__store_cli_at \'sandbox export\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'sandbox export\' 0' -F -d 'file'

# store-cli sandbox import
complete -c store-cli -n '__store_cli_at \'sandbox import\'' -s y -l yes -d 'do not ask for confirmation (required without a terminal)'
complete -c store-cli -n '__store_cli_at \'sandbox import\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'sandbox import\' 0' -F -d 'file'

# store-cli sandbox logs
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -s f -l follow -d 'keep printing entries as they come, until Ctrl-C (exit 0); waits for a sandbox that restarts'
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -l status -x -d 'only these statuses, comma-separated: classes (2xx, 4xx, 5xx...), codes (429, 503) or 0 (no answer)'
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -l method -x -d 'only this HTTP method (or comma-separated methods); webhook deliveries are POST'
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -l path -x -d 'only requests whose path starts with this (a webhook delivery\'s path is its URL)'
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -l limit -x -d 'print the newest N matching entries (with --follow: first, then every new one), 1..1000000'
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words seq time kind method path query status ms tokenLast4 topic webhookId attempt outcome error\')' -d 'print the entries as one JSON array (with --follow, one object per line) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words seq time kind method path query status ms tokenLast4 topic webhookId attempt outcome error\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words time method path status ms tokenLast4\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'sandbox logs\'' -s h -l help -d 'show help'

# store-cli sandbox fault
complete -c store-cli -n '__store_cli_at \'sandbox fault\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'sandbox fault\'' -a add -d 'Add a targeted fault rule to a running sandbox, tried after the rules it has; prints the rule with its id'
complete -c store-cli -n '__store_cli_at \'sandbox fault\'' -a list -d 'List a running sandbox\'s targeted fault rules, in the order it tries them'
complete -c store-cli -n '__store_cli_at \'sandbox fault\'' -a remove -d 'Remove a fault rule of a running sandbox by its id, or every rule with --all; prints the rules removed'
complete -c store-cli -n '__store_cli_at \'sandbox fault\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli sandbox fault add
complete -c store-cli -n '__store_cli_at \'sandbox fault add\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id rule method path status probability latencyMs\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'sandbox fault add\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'sandbox fault add\'' -s h -l help -d 'show help'

# store-cli sandbox fault list
complete -c store-cli -n '__store_cli_at \'sandbox fault list\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id rule method path status probability latencyMs\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'sandbox fault list\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id rule method path status probability latencyMs\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'sandbox fault list\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'sandbox fault list\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id method path status probability latencyMs\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'sandbox fault list\'' -s h -l help -d 'show help'

# store-cli sandbox fault remove
complete -c store-cli -n '__store_cli_at \'sandbox fault remove\'' -l all -d 'remove every rule instead of one'
complete -c store-cli -n '__store_cli_at \'sandbox fault remove\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words id rule method path status probability latencyMs\')' -d 'print JSON exactly as the store sent it (one line piped, indented in a terminal); optionally only these comma-separated fields, null where the store sent none'
complete -c store-cli -n '__store_cli_at \'sandbox fault remove\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words id rule method path status probability latencyMs\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'sandbox fault remove\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'sandbox fault remove\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words id method path status probability latencyMs\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'sandbox fault remove\'' -s h -l help -d 'show help'

# store-cli sandbox fault help
complete -c store-cli -n '__store_cli_at \'sandbox fault help\'' -a 'add list remove' -d 'command'

# store-cli sandbox help
complete -c store-cli -n '__store_cli_at \'sandbox help\'' -a 'serve reset export import logs fault' -d 'command'

# store-cli api
complete -c store-cli -n '__store_cli_at \'api\'' -s X -l method -x -d 'the method as gh api -X takes it, instead of the METHOD word: one of GET, POST, PUT, DELETE, PATCH (any case)'
complete -c store-cli -n '__store_cli_at \'api\'' -s F -l field -x -d 'a typed field, repeatable: true, false, null and numbers are JSON literals (digits kept exact), @FILE the file\'s text (@- stdin), else a string; key[sub] nests, key[] appends'
complete -c store-cli -n '__store_cli_at \'api\'' -s f -l raw-field -x -d 'a field sent as text, never typed (amounts, codes, anything numeric-looking), e.g. -f giftCard[initialValue]=25.00; repeatable'
complete -c store-cli -n '__store_cli_at \'api\'' -l input -r -F -d 'the request body: a JSON file, or - for stdin; checked to be JSON, sent as is; not with fields of a POST, PUT or PATCH'
complete -c store-cli -n '__store_cli_at \'api\'' -s H -l header -x -d 'an extra request header, e.g. -H Accept:application/json; repeatable (not the access token, Host or Content-Length)'
complete -c store-cli -n '__store_cli_at \'api\'' -l paginate -d 'GET only: follow next-page links to the end, printing each item as one JSON line (--jq runs once per page, over that page\'s items)'
complete -c store-cli -n '__store_cli_at \'api\'' -l max-pages -x -d 'with --paginate: stop with an error once this many pages were read and the store still names a next one (default 100000)'
complete -c store-cli -n '__store_cli_at \'api\'' -l slurp -d 'with --paginate: print every page\'s items as one JSON array (--jq runs once over it)'
complete -c store-cli -n '__store_cli_at \'api\'' -s i -l include -d 'print the status line and the response headers on stdout before the body, for every answer (errors and each page too)'
complete -c store-cli -n '__store_cli_at \'api\'' -l json -d 'print the answer as pretty JSON (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'api\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'api\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'api\' 1' -F -d 'path'

# store-cli completion
complete -c store-cli -n '__store_cli_at \'completion\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'completion\'' -a bash -d 'Print the bash completion script: commands, flags, their values and saved profile names'
complete -c store-cli -n '__store_cli_at \'completion\'' -a zsh -d 'Print the zsh completion script (_store-cli): commands, flags, their values and saved profile names'
complete -c store-cli -n '__store_cli_at \'completion\'' -a fish -d 'Print the fish completion script: commands, flags, their values and saved profile names'
complete -c store-cli -n '__store_cli_at \'completion\'' -a help -d 'show help for a command, e.g. help giftcard search'

# store-cli completion bash
complete -c store-cli -n '__store_cli_at \'completion bash\'' -s h -l help -d 'show help'

# store-cli completion zsh
complete -c store-cli -n '__store_cli_at \'completion zsh\'' -s h -l help -d 'show help'

# store-cli completion fish
complete -c store-cli -n '__store_cli_at \'completion fish\'' -s h -l help -d 'show help'

# store-cli completion help
complete -c store-cli -n '__store_cli_at \'completion help\'' -a 'bash zsh fish' -d 'command'

# store-cli commands
complete -c store-cli -n '__store_cli_at \'commands\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words manifestVersion bin version globalFlags exitCodes commands\')' -d 'print the manifest: each command\'s flags, arguments, mutates, destructive, scopes, exit codes, mayPrompt and --json fields (schemas/commands.schema.json) (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'commands\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'commands\'' -s h -l help -d 'show help'

# store-cli mcp
complete -c store-cli -n '__store_cli_at \'mcp\'' -l read-only -d 'list and run only tools that change nothing: write tools are not even listed'
complete -c store-cli -n '__store_cli_at \'mcp\'' -l toolsets -x -d 'only the tools of these toolsets, comma-separated, of giftcard, metafield, product, category, collection, location, inventory, shop, customer, discount, order, webhook, sandbox (default: giftcard, product, category, shop, customer, order)'
complete -c store-cli -n '__store_cli_at \'mcp\'' -l tools -x -d 'these tools too, comma-separated, by name (giftcard_create); given alone, only these'
complete -c store-cli -n '__store_cli_at \'mcp\'' -l exclude-tools -x -d 'leave these tools out, comma-separated (apply_plan too: then nothing is applied)'
complete -c store-cli -n '__store_cli_at \'mcp\'' -l writes -x -a 'approved plan-only sandbox' -d 'what apply_plan may send: approved, a plan a person approved with \'mcp approve\' (or --policy allows); plan-only, none (no apply_plan); sandbox, with --sandbox, any plan'
complete -c store-cli -n '__store_cli_at \'mcp\'' -l policy -r -F -d 'a TOML file of bounds, such as max_objects = 20 (also max_money_delta, resources, envs): a plan inside them needs no approval, one outside is refused when planned'
complete -c store-cli -n '__store_cli_at \'mcp\'' -l transport -x -a 'stdio http' -d 'stdio, or http: Streamable HTTP on 127.0.0.1, with a bearer token'
complete -c store-cli -n '__store_cli_at \'mcp\'' -l port -x -d 'with --transport http: the port, 0..65535 (0: a free one, printed)'
complete -c store-cli -n '__store_cli_at \'mcp\'' -l token-file -r -F -d 'with --transport http: the bearer token, the file\'s first line (default: one made at start, printed once on stderr)'
complete -c store-cli -n '__store_cli_at \'mcp\'' -s h -l help -d 'show help'
complete -c store-cli -n '__store_cli_at \'mcp\'' -a approve -d 'Approve a plan an MCP write tool made, so apply_plan may send it once; shows its store, shop and exact requests'
complete -c store-cli -n '__store_cli_at \'mcp\'' -a plans -d 'List the plans MCP write tools made, newest first: pending, approved, applied (and the run each was) or failed'

# store-cli mcp approve
complete -c store-cli -n '__store_cli_at \'mcp approve\'' -s h -l help -d 'show help'

# store-cli mcp plans
complete -c store-cli -n '__store_cli_at \'mcp plans\'' -l state -x -a 'pending approved applied failed' -d 'only plans in this state'
complete -c store-cli -n '__store_cli_at \'mcp plans\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words planId state tools store shop objects created approved by applied runId error\')' -d 'print an array of {"planId", "state", "tools", "store", "shop", "objects", "created", "approved", "by", "applied", "runId", "error"}, newest first (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'mcp plans\'' -l jsonl -x -a '(__fish_complete_list , \'__store_cli_words planId state tools store shop objects created approved by applied runId error\')' -d 'print one JSON object per line (streams, for huge listings); optionally only these comma-separated fields'
complete -c store-cli -n '__store_cli_at \'mcp plans\'' -s q -l jq -x -d 'filter the JSON with jq (once over the one array, every page of it with --all; with --jsonl once per line); implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'mcp plans\'' -l columns -x -a '(__fish_complete_list , \'__store_cli_words planId state tools store shop objects created approved by applied runId error\')' -d 'show only these comma-separated columns, in this order (a table or tab-separated rows; names below)'
complete -c store-cli -n '__store_cli_at \'mcp plans\'' -s h -l help -d 'show help'

# store-cli version
complete -c store-cli -n '__store_cli_at \'version\'' -l json -x -a '(__fish_complete_list , \'__store_cli_words version node platform\')' -d 'print {"version", "node", "platform"}: store-cli\'s version, the Node.js version and the platform it runs on (one line piped, indented in a terminal); optionally only these comma-separated fields, null where one is absent'
complete -c store-cli -n '__store_cli_at \'version\'' -s q -l jq -x -d 'filter the JSON with jq; implies --json; strings print raw, like jq -r'
complete -c store-cli -n '__store_cli_at \'version\'' -s h -l help -d 'show help'

# store-cli init
complete -c store-cli -n '__store_cli_at \'init\'' -l force -d 'replace an existing store.toml in this folder'
complete -c store-cli -n '__store_cli_at \'init\'' -s h -l help -d 'show help'

# store-cli prompt
complete -c store-cli -n '__store_cli_at \'prompt\'' -l format -x -d 'the line to print: {env} (the store.toml environment, else the profile), {profile}, {domain}, {guard} (read-only, protected or nothing); default {env}@{domain}'
complete -c store-cli -n '__store_cli_at \'prompt\'' -s h -l help -d 'show help'

# store-cli help
complete -c store-cli -n '__store_cli_at \'help\'' -a 'auth config doctor giftcard metafield product category collection location inventory market page file theme shop customer discount order fulfillment payment refund webhook report undo runs sandbox api completion commands mcp version init prompt' -d 'command'
