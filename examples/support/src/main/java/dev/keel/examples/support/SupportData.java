package dev.keel.examples.support;

import dev.keel.core.ConfigurationException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.loader.PolicyFiles;
import dev.keel.routing.RoutingTable;
import dev.keel.routing.loader.RoutingTables;
import dev.keel.rules.RuleBook;
import dev.keel.rules.loader.RuleBooks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The files the support agent runs on, shipped as class path resources under {@code dev/keel/examples/support/}:
 * its rule book, policy, routing table, the shop's orders and catalogue, and the shipped conversation. Every reader
 * validates its file and fails naming the file, the place and the problem. Stateless and thread-safe.
 */
public final class SupportData {

    public static final String RULES = "support_rules.json";
    public static final String POLICY = "support_policy.json";
    public static final String ROUTING_TABLE = "support_routing.json";
    public static final String SHOP = "orders.json";
    public static final String CONVERSATION = "support_conversation.json";
    /**
     * The session the shipped conversation is played in: sampling for the judge is by session and turn number, and
     * in this session at {@link SupportAgent#JUDGE_SAMPLE_RATE} the first and the sixth turn that reach the rules are
     * sampled (the refund's start and the purchase), and no other.
     */
    public static final String CONVERSATION_SESSION = "support-session";

    private static final String FOLDER = "dev/keel/examples/support/";

    private SupportData() {
    }

    /** The rules, the refund, sales and shipping scenarios, and the entities the sensor reads. */
    public static RuleBook ruleBook() {
        return RuleBooks.readResource(loader(), FOLDER + RULES);
    }

    /** Customers may ask about orders, products and shipping; no answer shows a card number. */
    public static PolicyDocument policy() {
        return PolicyFiles.readPolicyResource(loader(), FOLDER + POLICY);
    }

    /** Every request goes to the shop's one model. */
    public static RoutingTable routingTable() {
        return RoutingTables.readResource(loader(), FOLDER + ROUTING_TABLE);
    }

    /** The tools over the shop's orders and catalogue. */
    public static ShopTools shopTools() {
        Object tree = JsonCodec.strict().parse(text(SHOP));
        return JsonTreeReader.read(tree, root -> {
            JsonTreeReader.ObjectValue shop = root.object("orders", "products");
            List<Map<String, Object>> orders = shop.required("orders").list(order -> fields(order, "order_id", "item",
                    "amount", "days_since_delivery", "carrier", "tracking_status"));
            List<Map<String, Object>> products = shop.required("products").list(product -> fields(product, "name",
                    "price", "sizes"));
            return new ShopTools(orders, products);
        }, problems -> new ConfigurationException(SHOP + " " + problems.get(0).pointer() + ": "
                + problems.get(0).message()));
    }

    /** The conversation the demo plays, with the model replies it replays offline. */
    public static List<ShippedTurn> conversation() {
        Object tree = JsonCodec.strict().parse(text(CONVERSATION));
        return JsonTreeReader.read(tree, root -> root.object("turns").required("turns").list(turn -> {
            JsonTreeReader.ObjectValue fields = turn.object("message", "shows", "replies");
            return new ShippedTurn(fields.required("message").nonBlankString(), fields.required("shows")
                    .nonBlankString(), fields.optional("replies").isPresent()
                    ? fields.required("replies").map(texts -> texts.strings()) : Map.of());
        }), problems -> new ConfigurationException(CONVERSATION + " " + problems.get(0).pointer() + ": "
                + problems.get(0).message()));
    }

    /** The members of an object that are plain JSON values, each required. */
    private static Map<String, Object> fields(JsonTreeReader.Value value, String... names) {
        JsonTreeReader.ObjectValue object = value.object(names);
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        for (String name : names) {
            JsonTreeReader.Value field = object.required(name);
            fields.put(name, field.raw());
        }
        return fields;
    }

    private static String text(String file) {
        try (InputStream in = loader().getResourceAsStream(FOLDER + file)) {
            if (in == null) {
                throw new ConfigurationException("the support example's file " + file + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ClassLoader loader() {
        return SupportData.class.getClassLoader();
    }
}
