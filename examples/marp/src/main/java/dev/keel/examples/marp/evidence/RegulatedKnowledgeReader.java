package dev.keel.examples.marp.evidence;

import dev.keel.core.WireFormatException;
import dev.keel.core.evidence.Locator;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonNumbers;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.evidence.loader.MalformedEvidenceException;
import java.math.BigDecimal;
import java.util.List;

/**
 * Reads regulated knowledge JSON ({@code regulated-knowledge.schema.json}, documented in docs/evidence.md) into
 * {@link RegulatedKnowledge}. Strict: unknown members, missing members, wrong types and malformed JSON fail with a
 * {@link MalformedEvidenceException} naming the source, the JSON pointer (or line and column) and the problem;
 * every problem of a document that parses is named at once. The root may carry {@code $schema}.
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
        Object tree;
        try {
            tree = JsonCodec.strict().parse(json);
        } catch (WireFormatException e) {
            throw new MalformedEvidenceException(source, lineOf(e.getMessage()), e.getMessage(), e);
        }
        return fromTree(source, tree);
    }

    /** Reads a parsed document (a plain tree, as the codec gives). */
    static RegulatedKnowledge fromTree(String source, Object tree) {
        return JsonTreeReader.read(tree, root -> knowledge(source, root), problems -> malformed(source, problems));
    }

    private static RegulatedKnowledge knowledge(String source, Value root) {
        ObjectValue document = root.object("schema_version", "case_id", "capability_thresholds", "calendars");
        document.required("schema_version").mustEqual(SCHEMA_VERSION);
        String caseId = document.required("case_id").nonBlankString();
        List<CapabilityThreshold> thresholds = document.required("capability_thresholds").list(item -> {
            ObjectValue threshold = item.object("id", "metric", "minimum", "unit", "description");
            String id = threshold.required("id").nonBlankString();
            String metric = threshold.required("metric").nonBlankString();
            BigDecimal minimum = threshold.required("minimum").decimal();
            String unit = threshold.optional("unit").nonBlankString();
            String description = threshold.required("description").nonBlankString();
            return threshold.build(() -> new CapabilityThreshold(id, metric, minimum, unit, description,
                    Locator.json(source, threshold.pointer())));
        });
        List<TransitionCalendar> calendars = document.required("calendars").list(item -> calendar(source, item));
        return document.build(() -> new RegulatedKnowledge(source, caseId, thresholds, calendars));
    }

    private static TransitionCalendar calendar(String source, Value value) {
        ObjectValue calendar = value.object("id", "name", "description", "capability_range", "dock_utilisation_range",
                "uncertainty_band", "budget", "bottlenecks", "policy_flags");
        String id = calendar.required("id").nonBlankString();
        String name = calendar.required("name").nonBlankString();
        String description = calendar.required("description").nonBlankString();
        ValueRange capability = range(source, calendar.required("capability_range").object("min", "max", "unit"));
        ValueRange dock = range(source, calendar.required("dock_utilisation_range").object("min", "max", "unit"));
        ObjectValue band = calendar.required("uncertainty_band").object("min", "max", "unit", "description");
        ValueRange bandRange = range(source, band);
        String bandDescription = band.required("description").nonBlankString();
        ObjectValue budget = calendar.required("budget").object("envelope", "currency", "profile");
        // The schema says an envelope is not negative: the reader holds every file to it, not only validated ones.
        BigDecimal envelope = budget.required("envelope").decimal(BigDecimal.ZERO, null);
        String currency = budget.required("currency").nonBlankString();
        String profile = budget.optional("profile").nonBlankString();
        List<Bottleneck> bottlenecks = described(source, calendar.required("bottlenecks"), "resource", Bottleneck::new);
        List<PolicyFlag> flags = described(source, calendar.required("policy_flags"), "severity", PolicyFlag::new);
        return calendar.build(() -> new TransitionCalendar(id, name, description, capability, dock,
                new UncertaintyBand(bandRange, bandDescription, Locator.json(source, band.pointer())),
                new BudgetEnvelope(envelope, currency, profile, Locator.json(source, budget.pointer())),
                bottlenecks, flags, Locator.json(source, calendar.pointer())));
    }

    /** What {@link #described} builds: a bottleneck or a policy flag. */
    private interface Described<T> {
        T of(String id, String text, String description, Locator locator);
    }

    /** An array of objects of three texts, {@code id}, {@code textKey} and {@code description}. */
    private static <T> List<T> described(String source, Value array, String textKey, Described<T> constructor) {
        return array.list(item -> {
            ObjectValue object = item.object("id", textKey, "description");
            String id = object.required("id").nonBlankString();
            String text = object.required(textKey).nonBlankString();
            String description = object.required("description").nonBlankString();
            return object.build(() -> constructor.of(id, text, description, Locator.json(source, object.pointer())));
        });
    }

    private static ValueRange range(String source, ObjectValue range) {
        BigDecimal min = range.required("min").decimal();
        BigDecimal max = range.required("max").decimal();
        String unit = range.optional("unit").nonBlankString();
        if (min != null && max != null && min.compareTo(max) > 0) {
            range.problem("min " + JsonNumbers.asWritten(min) + " is above max " + JsonNumbers.asWritten(max));
        }
        return range.build(() -> new ValueRange(min, max, unit, Locator.json(source, range.pointer())));
    }

    /** The problems as one exception: located at the first problem, the others listed after it. */
    private static MalformedEvidenceException malformed(String source, List<JsonProblem> problems) {
        JsonProblem first = problems.get(0);
        List<JsonProblem> others = problems.subList(1, problems.size());
        return new MalformedEvidenceException(source, JsonPointers.display(first.pointer()),
                others.isEmpty() ? first.message() : first.message() + "; " + JsonProblem.describe(null, others));
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
}
