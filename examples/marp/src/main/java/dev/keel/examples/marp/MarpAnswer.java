package dev.keel.examples.marp;

import dev.keel.core.Decision;
import dev.keel.core.Provenance;
import dev.keel.pipeline.TraceStep;
import dev.keel.examples.marp.evidence.ProvenanceStub;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the MARP assistant answered: the decision, the user-facing text (sections, then the fenced
 * {@code provenance_stub} block unless denied), the provenance, the figures cited, what the outbound filter
 * removed, and the trace of every step. Immutable and thread-safe.
 */
public final class MarpAnswer {

    private final Decision decision;
    private final Map<String, String> sections;
    private final String text;
    private final Provenance provenance;
    private final String provenanceBlock;
    private final List<Citation> citations;
    private final List<Map<String, Object>> redactions;
    private final List<TraceStep> trace;

    MarpAnswer(Decision decision, Map<String, String> sections, String text, Provenance provenance,
               String provenanceBlock, List<Citation> citations, List<Map<String, Object>> redactions,
               List<TraceStep> trace) {
        this.decision = decision;
        this.sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
        this.text = text;
        this.provenance = provenance;
        this.provenanceBlock = provenanceBlock;
        this.citations = List.copyOf(citations);
        this.redactions = List.copyOf(redactions);
        this.trace = List.copyOf(trace);
    }

    public Decision decision() {
        return decision;
    }

    /** The answer's sections by heading, in order (after the outbound filter). */
    public Map<String, String> sections() {
        return sections;
    }

    /** The whole user-facing answer: the sections, then the provenance stub block unless denied. */
    public String text() {
        return text;
    }

    /** The provenance record; empty when access was denied (no stub then: {@code docs/marp-example.md}, "Provenance stub"). */
    public Optional<Provenance> provenance() {
        return Optional.ofNullable(provenance);
    }

    /** The fenced {@code provenance_stub} block; empty when denied. */
    public Optional<String> provenanceBlock() {
        return Optional.ofNullable(provenanceBlock);
    }

    /** Every figure the evidence sections state, with its place in the evidence (ALLOW only; none otherwise). */
    public List<Citation> citations() {
        return citations;
    }

    /**
     * What the outbound filter removed ({@code kind}, {@code start}, {@code end}, {@code replacement}). The
     * removed text itself is withheld here: it belongs in an audit trail, not in front of the user.
     */
    public List<Map<String, Object>> redactions() {
        return redactions;
    }

    public List<TraceStep> trace() {
        return trace;
    }

    /** The whole result as one JSON-shaped object (for {@code --json}). */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("decision", decision.wireName());
        wire.put("sections", sections);
        wire.put("answer", text);
        wire.put("provenance_stub", provenance == null ? null : ProvenanceStub.toWire(provenance));
        List<Map<String, Object>> cited = new ArrayList<>();
        for (Citation citation : citations) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("rendered", citation.rendered());
            item.put("value", citation.value());
            item.put("locator", citation.locator());
            cited.add(item);
        }
        wire.put("citations", cited);
        wire.put("redactions", redactions);
        List<Map<String, Object>> steps = new ArrayList<>();
        for (TraceStep step : trace) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("step", step.step());
            item.put("summary", step.summary());
            item.put("details", step.details());
            steps.add(item);
        }
        wire.put("trace", steps);
        return wire;
    }
}
