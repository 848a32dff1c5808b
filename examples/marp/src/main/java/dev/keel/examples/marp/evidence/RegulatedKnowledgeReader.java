package dev.keel.examples.marp.evidence;

import dev.keel.evidence.loader.MalformedEvidenceException;
import dev.keel.core.KeelException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.evidence.source.Locator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads regulated knowledge JSON ({@code regulated-knowledge.schema.json}, documented in docs/evidence.md) into
 * {@link RegulatedKnowledge}. Strict: unknown members, missing members, wrong types and malformed JSON fail with a
 * {@link MalformedEvidenceException} naming the source, the JSON pointer (or line and column) and the problem.
 *
 * <p>Pure; thread-safe.
 */
public final class RegulatedKnowledgeReader {

    /** The {@code schema_version} this reader accepts. */
    public static final String SCHEMA_VERSION = "marp_regulated_knowledge_v1";

    private RegulatedKnowledgeReader() {
    }

    /** @throws MalformedEvidenceException when {@code json} is not regulated knowledge */
    public static RegulatedKnowledge read(String source, String json) {
        Map<String, Object> root;
        try {
            root = JsonCodec.strict().parseObject(json);
        } catch (WireFormatException e) {
            throw new MalformedEvidenceException(source, lineOf(e.getMessage()), e.getMessage(), e);
        }
        Node document = new Node(source, "", root);
        try {
            document.only("schema_version", "case_id", "capability_thresholds", "calendars");
            if (!SCHEMA_VERSION.equals(document.text("schema_version"))) {
                throw document.child("schema_version").problem("must be " + SCHEMA_VERSION);
            }
            List<CapabilityThreshold> thresholds = new ArrayList<>();
            for (Node item : document.items("capability_thresholds")) {
                item.only("id", "metric", "minimum", "unit", "description");
                thresholds.add(new CapabilityThreshold(item.text("id"), item.text("metric"), item.number("minimum"),
                        item.optionalText("unit"), item.text("description"), item.locator()));
            }
            List<TransitionCalendar> calendars = new ArrayList<>();
            for (Node item : document.items("calendars")) {
                calendars.add(calendar(item));
            }
            return new RegulatedKnowledge(source, document.text("case_id"), thresholds, calendars);
        } catch (MalformedEvidenceException e) {
            throw e;
        } catch (KeelException e) {
            // A value that reads but breaks an invariant (a range whose min is above its max, a repeated id).
            throw new MalformedEvidenceException(source, "/", e.getMessage(), e);
        }
    }

    private static TransitionCalendar calendar(Node item) {
        item.only("id", "name", "description", "capability_range", "dock_utilisation_range", "uncertainty_band",
                "budget", "bottlenecks", "policy_flags");
        Node band = item.object("uncertainty_band");
        band.only("min", "max", "unit", "description");
        Node budget = item.object("budget");
        budget.only("envelope", "currency", "profile");
        List<Bottleneck> bottlenecks = new ArrayList<>();
        for (Node b : item.items("bottlenecks")) {
            b.only("id", "resource", "description");
            bottlenecks.add(new Bottleneck(b.text("id"), b.text("resource"), b.text("description"), b.locator()));
        }
        List<PolicyFlag> flags = new ArrayList<>();
        for (Node f : item.items("policy_flags")) {
            f.only("id", "severity", "description");
            flags.add(new PolicyFlag(f.text("id"), f.text("severity"), f.text("description"), f.locator()));
        }
        Node capability = item.object("capability_range");
        capability.only("min", "max", "unit");
        Node dock = item.object("dock_utilisation_range");
        dock.only("min", "max", "unit");
        return new TransitionCalendar(item.text("id"), item.text("name"), item.text("description"),
                range(capability), range(dock),
                new UncertaintyBand(range(band), band.text("description"), band.locator()),
                new BudgetEnvelope(budget.number("envelope"), budget.text("currency"), budget.optionalText("profile"),
                        budget.locator()),
                bottlenecks, flags, item.locator());
    }

    private static ValueRange range(Node node) {
        BigDecimal min = node.number("min");
        BigDecimal max = node.number("max");
        if (min.compareTo(max) > 0) {
            throw node.problem("min " + min.toPlainString() + " is above max " + max.toPlainString());
        }
        return new ValueRange(min, max, node.optionalText("unit"), node.locator());
    }

    /** "at line 3, column 7" from the codec's message, as "line 3, column 7". */
    private static String lineOf(String message) {
        int at = message.lastIndexOf("at line ");
        if (at < 0) {
            return "(document)";
        }
        int end = message.indexOf(':', at);
        return message.substring(at + 3, end < 0 ? message.length() : end).trim();
    }

    /** A JSON value with its pointer; every accessor fails naming the pointer. Not thread-safe (never shared). */
    private static final class Node {
        private final String source;
        private final String pointer;
        private final Object value;

        Node(String source, String pointer, Object value) {
            this.source = source;
            this.pointer = pointer;
            this.value = value;
        }

        Locator locator() {
            return Locator.json(source, pointer);
        }

        MalformedEvidenceException problem(String what) {
            return new MalformedEvidenceException(source, pointer.isEmpty() ? "/" : pointer, what);
        }

        Node child(String key) {
            return new Node(source, pointer + "/" + key, map().get(key));
        }

        private Map<?, ?> map() {
            if (!(value instanceof Map)) {
                throw problem("must be an object");
            }
            return (Map<?, ?>) value;
        }

        boolean has(String key) {
            return map().containsKey(key);
        }

        void only(String... keys) {
            Set<String> known = Set.of(keys);
            for (Object key : map().keySet()) {
                if (!known.contains(key)) {
                    throw child((String) key).problem("unknown member");
                }
            }
        }

        private Node required(String key) {
            if (!has(key)) {
                throw child(key).problem("is missing");
            }
            return child(key);
        }

        String text(String key) {
            Node node = required(key);
            if (!(node.value instanceof String) || ((String) node.value).isBlank()) {
                throw node.problem("must be a non-empty string");
            }
            return (String) node.value;
        }

        String optionalText(String key) {
            return has(key) && map().get(key) != null ? text(key) : null;
        }

        BigDecimal number(String key) {
            Node node = required(key);
            if (!(node.value instanceof BigDecimal)) {
                throw node.problem("must be a number");
            }
            return (BigDecimal) node.value;
        }

        Node object(String key) {
            Node node = required(key);
            node.map();
            return node;
        }

        List<Node> items(String key) {
            Node node = required(key);
            if (!(node.value instanceof List)) {
                throw node.problem("must be an array");
            }
            List<Node> items = new ArrayList<>();
            List<?> list = (List<?>) node.value;
            for (int i = 0; i < list.size(); i++) {
                Node item = new Node(source, node.pointer + "/" + i, list.get(i));
                item.map();
                items.add(item);
            }
            return items;
        }
    }
}
