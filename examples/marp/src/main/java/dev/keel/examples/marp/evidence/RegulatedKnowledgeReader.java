package dev.keel.examples.marp.evidence;

import dev.keel.core.WireFormatException;
import dev.keel.core.evidence.Locator;
import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonNumbers;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.evidence.loader.MalformedEvidenceException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads regulated knowledge JSON ({@code regulated-knowledge.schema.json}, documented in docs/evidence.md) into
 * {@link RegulatedKnowledge}. The schema ({@value #SCHEMA}) is what validates it and a valid document binds to
 * {@link RegulatedKnowledgeSpec}; what the schema cannot state (a range's min not above its max, calendar ids
 * distinct) is checked on the bound record. Strict: unknown members, missing members, wrong types and malformed JSON
 * fail with a {@link MalformedEvidenceException} naming the source, the JSON pointer (or line and column) and the
 * problem; every problem the schema finds is named at once, sorted by pointer, then every problem of the checks. The
 * root may carry {@code $schema}.
 *
 * <p>Pure; thread-safe.
 */
public final class RegulatedKnowledgeReader {

    /** The {@code schema_version} this reader accepts. */
    public static final String SCHEMA_VERSION = "marp_regulated_knowledge_v1";
    /** The schema on the class path, also shipped for editors. */
    public static final String SCHEMA = "dev/keel/examples/marp/schema/regulated-knowledge.schema.json";

    private static final DocumentFormat<RegulatedKnowledgeSpec> FORMAT = DocumentFormat.builder(
                    RegulatedKnowledgeSpec.class, SCHEMA)
            .check(RegulatedKnowledgeReader::crossMemberProblems)
            .build();

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
        RegulatedKnowledgeSpec spec = FORMAT.read(tree, "", problems -> malformed(source, problems));
        List<CapabilityThreshold> thresholds = new ArrayList<>();
        for (int i = 0; i < spec.capabilityThresholds().size(); i++) {
            RegulatedKnowledgeSpec.Threshold threshold = spec.capabilityThresholds().get(i);
            thresholds.add(new CapabilityThreshold(threshold.id(), threshold.metric(), threshold.minimum(),
                    threshold.unit(), threshold.description(), Locator.json(source, "/capability_thresholds/" + i)));
        }
        List<TransitionCalendar> calendars = new ArrayList<>();
        for (int i = 0; i < spec.calendars().size(); i++) {
            calendars.add(calendar(source, spec.calendars().get(i), "/calendars/" + i));
        }
        return new RegulatedKnowledge(source, spec.caseId(), thresholds, calendars);
    }

    /** Where the schema and {@link RegulatedKnowledgeSpec} disagree on members; empty when they agree. */
    static List<String> mismatches() {
        return FORMAT.mismatches();
    }

    private static TransitionCalendar calendar(String source, RegulatedKnowledgeSpec.Calendar calendar, String at) {
        RegulatedKnowledgeSpec.Band band = calendar.uncertaintyBand();
        RegulatedKnowledgeSpec.Budget budget = calendar.budget();
        List<Bottleneck> bottlenecks = new ArrayList<>();
        for (int i = 0; i < calendar.bottlenecks().size(); i++) {
            RegulatedKnowledgeSpec.Bottleneck bottleneck = calendar.bottlenecks().get(i);
            bottlenecks.add(new Bottleneck(bottleneck.id(), bottleneck.resource(), bottleneck.description(),
                    Locator.json(source, at + "/bottlenecks/" + i)));
        }
        List<PolicyFlag> flags = new ArrayList<>();
        for (int i = 0; i < calendar.policyFlags().size(); i++) {
            RegulatedKnowledgeSpec.Flag flag = calendar.policyFlags().get(i);
            flags.add(new PolicyFlag(flag.id(), flag.severity(), flag.description(),
                    Locator.json(source, at + "/policy_flags/" + i)));
        }
        return new TransitionCalendar(calendar.id(), calendar.name(), calendar.description(),
                range(source, calendar.capabilityRange(), at + "/capability_range"),
                range(source, calendar.dockUtilisationRange(), at + "/dock_utilisation_range"),
                new UncertaintyBand(new ValueRange(band.min(), band.max(), band.unit(),
                        Locator.json(source, at + "/uncertainty_band")), band.description(),
                        Locator.json(source, at + "/uncertainty_band")),
                new BudgetEnvelope(budget.envelope(), budget.currency(), budget.profile(),
                        Locator.json(source, at + "/budget")),
                bottlenecks, flags, Locator.json(source, at));
    }

    private static ValueRange range(String source, RegulatedKnowledgeSpec.Range range, String at) {
        return new ValueRange(range.min(), range.max(), range.unit(), Locator.json(source, at));
    }

    // A range whose min is above its max holds nothing; a calendar is found by its id.
    private static List<JsonProblem> crossMemberProblems(RegulatedKnowledgeSpec spec) {
        List<JsonProblem> problems = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < spec.calendars().size(); i++) {
            RegulatedKnowledgeSpec.Calendar calendar = spec.calendars().get(i);
            String at = "/calendars/" + i;
            if (!ids.add(calendar.id())) {
                problems.add(new JsonProblem(at + "/id", "calendar id " + calendar.id() + " appears twice"));
            }
            ordered(calendar.capabilityRange().min(), calendar.capabilityRange().max(), at + "/capability_range",
                    problems);
            ordered(calendar.dockUtilisationRange().min(), calendar.dockUtilisationRange().max(),
                    at + "/dock_utilisation_range", problems);
            ordered(calendar.uncertaintyBand().min(), calendar.uncertaintyBand().max(), at + "/uncertainty_band",
                    problems);
        }
        return problems;
    }

    private static void ordered(BigDecimal min, BigDecimal max, String at, List<JsonProblem> problems) {
        if (min.compareTo(max) > 0) {
            problems.add(new JsonProblem(at, "min " + JsonNumbers.asWritten(min) + " is above max "
                    + JsonNumbers.asWritten(max)));
        }
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
