package dev.keel.examples.marp.reasoning;

import dev.keel.core.reask.ReplyValidator;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.examples.marp.reasoning.ExplanationBrief.Section;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The request of the main explanatory subtask ({@code docs/marp-example.md}, "The reasoning path"), made of parts and
 * never of one text with the question and the evidence written into it:
 *
 * <ol>
 *   <li>a system message: the instructions as a text part, written by the application alone (compare the
 *       calendars, explain trade-offs and bottlenecks, stay consistent with the supplied data, invent no numerical
 *       value, and under a PARTIAL decision stay qualitative) and the reply's contract, one JSON object
 *       ({@code schema/commentary-reply.schema.json}); then the brief's facts as one JSON value (requester,
 *       decision, reasoning mode, scenario); then each element of the evidence as a JSON value of its own, labelled
 *       with the data domains of its section;</li>
 *   <li>the conversation as the turn may send it: the user's own message (after any history), with its labels.</li>
 * </ol>
 *
 * <p>So the egress filter reads the evidence as values and the user's message as the user wrote it, each as its
 * kind says, and no supplied text can pass for an instruction or a heading. {@link #read} gives back the brief a
 * request was built from, from the JSON values (not from any rendering): that is how the extractive writer finds
 * the evidence in a request. Pure and thread-safe.
 */
public final class ExplanationPrompt {

    /** The {@code kind} of the JSON value holding the brief's facts, by which {@link #read} knows a request. */
    static final String KIND = "marp_explanation_brief";
    private static final String INTRO = "You write the commentary of a governed answer: explanation and comparison"
            + " only. The JSON values after these instructions are the evidence, the only source of facts: the brief"
            + " (requester, governance decision, reasoning mode, scenario), then one value per constraint, budget"
            + " constraint, calendar summary and key weekly behaviour. The user's message follows this one.";
    private static final String CONTRACT = "Reply with one JSON object only, nothing before or after it:"
            + " {\"comparison\": \"the calendars compared\", \"calendars\": [{\"calendar\": \"a calendar's name exactly as"
            + " the evidence gives it\", \"trade_offs\": \"its trade-offs and bottlenecks\"}]}, with one entry per"
            + " calendar of the evidence and no other member.";
    private static final Map<Section, String> MEMBERS = Map.of(Section.CONSTRAINTS, "constraint",
            Section.BUDGET, "budget", Section.CALENDARS, "calendar", Section.WEEKLY_BEHAVIOUR, "weekly_behaviour");
    private static final String SUMMARY = "summary";

    private ExplanationPrompt() {
    }

    /** The request for {@code brief}, followed by {@code conversation} (the turn's, ending with the user's message). */
    public static ChatRequest request(ExplanationBrief brief, List<ChatMessage> conversation) {
        Labels facts = Labels.of(Set.of(), brief.topSecretInternalOnly(), brief.decision());
        List<Part> system = new ArrayList<>();
        system.add(Part.text(instructions(brief)));
        system.add(new Part.Json(facts(brief), facts));
        brief.constraints().forEach(constraint ->
                system.add(element(brief, Section.CONSTRAINTS, Map.of(MEMBERS.get(Section.CONSTRAINTS), constraint))));
        brief.budget().forEach(statement ->
                system.add(element(brief, Section.BUDGET, Map.of(MEMBERS.get(Section.BUDGET), statement))));
        brief.calendarSummaries().forEach((label, summary) -> {
            Map<String, Object> calendar = new LinkedHashMap<>();
            calendar.put(MEMBERS.get(Section.CALENDARS), label);
            calendar.put(SUMMARY, summary);
            system.add(element(brief, Section.CALENDARS, calendar));
        });
        brief.weeklyBehaviour().forEach(statement -> system.add(element(brief, Section.WEEKLY_BEHAVIOUR,
                Map.of(MEMBERS.get(Section.WEEKLY_BEHAVIOUR), statement))));
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(new ChatMessage(ChatRole.SYSTEM, system));
        messages.addAll(conversation);
        return ChatRequest.builder().messages(messages).responseFormat(ResponseFormat.JSON).build();
    }

    /** The contract a reply to the request for {@code brief} must keep. */
    static ReplyValidator<CommentaryReply> contract(ExplanationBrief brief) {
        return CommentaryContract.forCalendars(List.copyOf(brief.calendarSummaries().keySet()));
    }

    /** The request as one text, as a backend that takes text receives it: each message's parts rendered. */
    static String rendered(ChatRequest request) {
        StringBuilder text = new StringBuilder();
        for (ChatMessage message : request.messages()) {
            text.append(message.text()).append("\n\n");
        }
        return text.toString();
    }

    private static Part element(ExplanationBrief brief, Section section, Map<String, Object> value) {
        return new Part.Json(value, Labels.of(brief.domains(section), brief.topSecretInternalOnly(), brief.decision()));
    }

    private static Map<String, Object> facts(ExplanationBrief brief) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("kind", KIND);
        facts.put("requester", Map.of("role", brief.principal().role(), "clearance", brief.principal().clearance()));
        facts.put("governance_decision", brief.decision().wireName());
        brief.reasoningMode().ifPresent(mode -> facts.put("reasoning_mode", mode));
        facts.put("scenario", brief.scenarioLabel());
        return facts;
    }

    /** The instructions: the application's own text; nothing supplied is written into it. */
    static String instructions(ExplanationBrief brief) {
        List<String> lines = new ArrayList<>();
        int calendars = brief.calendarSummaries().size();
        lines.add(calendars > 1 ? "Compare the calendars." : calendars == 1 ? "Describe the calendar supplied."
                : "No calendar summary was supplied: say what cannot be compared without one.");
        lines.add("Explain the trade-offs and the bottlenecks.");
        lines.add("Stay consistent with the supplied data: where it conflicts with anything else you know, the supplied"
                + " data is right.");
        lines.add("Do not invent numerical values: use only numbers that appear in the evidence. If information is"
                + " missing, say so.");
        brief.reasoningMode().map(ExplanationPrompt::voice).ifPresent(lines::add);
        if (brief.decision() == Decision.PARTIAL) {
            lines.add("Describe qualitative trends only: no explicit numbers, dates or detailed calendar structures.");
        }
        StringBuilder text = new StringBuilder(INTRO).append("\n\n");
        lines.forEach(line -> text.append("- ").append(line).append('\n'));
        return text.append('\n').append(CONTRACT).append('\n').toString();
    }

    private static String voice(String mode) {
        switch (mode) {
            case "detailed_analysis":
                return "Write a detailed, technical analysis.";
            case "balanced_summary":
                return "Write a balanced summary.";
            case "policy_summary":
                return "Write a policy-oriented summary.";
            default:
                return "Write in the reasoning mode the brief names.";
        }
    }

    /**
     * What a request built by {@link #request} carries, read back from its values.
     *
     * @param brief    the brief, with each section's domains and the top-secret safeguard as the labels say
     * @param question the text of the request's last user message; null when it has none
     */
    public record Reading(ExplanationBrief brief, @Nullable String question) {
    }

    /**
     * The brief and the user's question of a request built by {@link #request} (egress-filtered or not), or empty
     * when {@code request} is not such a request: the first system message holding the brief's JSON value is read,
     * its values as values; the request id is not part of it.
     */
    public static Optional<Reading> read(ChatRequest request) {
        for (ChatMessage message : request.messages()) {
            if (message.role() == ChatRole.SYSTEM) {
                Optional<ExplanationBrief> brief = brief(message.parts());
                if (brief.isPresent()) {
                    return Optional.of(new Reading(brief.get(), question(request)));
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<ExplanationBrief> brief(List<Part> parts) {
        Part factsPart = parts.stream().filter(part -> KIND.equals(object(part).get("kind"))).findFirst().orElse(null);
        Map<?, ?> facts = factsPart == null ? Map.of() : object(factsPart);
        if (factsPart == null || !(facts.get("requester") instanceof Map<?, ?> requester)) {
            return Optional.empty();
        }
        String role = string(requester.get("role"));
        String clearance = string(requester.get("clearance"));
        String scenario = string(facts.get("scenario"));
        Optional<Decision> decision = Optional.ofNullable(string(facts.get("governance_decision"))).flatMap(Decision::parse);
        if (role == null || clearance == null || scenario == null || scenario.isBlank() || decision.isEmpty()
                || decision.get() == Decision.DENY) {
            return Optional.empty();
        }
        ExplanationBrief.Builder brief = ExplanationBrief.builder().principal(Principal.of(role, clearance))
                .decision(decision.get()).scenarioLabel(scenario).reasoningMode(string(facts.get("reasoning_mode")))
                .topSecretInternalOnly(factsPart.labels().internalOnly());
        Map<Section, Set<String>> domains = new LinkedHashMap<>();
        for (Part part : parts) {
            Map<?, ?> value = object(part);
            String constraint = string(value.get(MEMBERS.get(Section.CONSTRAINTS)));
            String budget = string(value.get(MEMBERS.get(Section.BUDGET)));
            String calendar = string(value.get(MEMBERS.get(Section.CALENDARS)));
            String summary = string(value.get(SUMMARY));
            String weekly = string(value.get(MEMBERS.get(Section.WEEKLY_BEHAVIOUR)));
            Section section = null;
            if (constraint != null) {
                brief.addConstraint(constraint);
                section = Section.CONSTRAINTS;
            } else if (budget != null) {
                brief.addBudget(budget);
                section = Section.BUDGET;
            } else if (calendar != null && summary != null) {
                brief.calendar(calendar, summary);
                section = Section.CALENDARS;
            } else if (weekly != null) {
                brief.addWeeklyBehaviour(weekly);
                section = Section.WEEKLY_BEHAVIOUR;
            }
            if (section != null) {
                domains.computeIfAbsent(section, s -> new TreeSet<>()).addAll(part.labels().domains());
            }
        }
        domains.forEach(brief::domains);
        return Optional.of(brief.build());
    }

    /** The part's value when it is a JSON object; an empty map otherwise. */
    private static Map<?, ?> object(Part part) {
        return part instanceof Part.Json json && json.value() instanceof Map<?, ?> map ? map : Map.of();
    }

    private static @Nullable String string(@Nullable Object value) {
        return value instanceof String text ? text : null;
    }

    private static @Nullable String question(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role() == ChatRole.USER) {
                return messages.get(i).text();
            }
        }
        return null;
    }
}
