package dev.keel.committee;

import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The messages of each call: a system message stating the role and the exact JSON contract (the committee's own
 * text), and a user message whose parts are the call's input as one JSON part and, for the calls that read them,
 * the request's files as attachment parts. Nothing the user or a model wrote is ever spliced into a string: the
 * user's request and the models' outputs are values of the JSON part, read as values by every filter (a line break
 * in the request is a line break there, not the two characters of its escape). Pure and thread-safe.
 */
final class Prompts {

    private static final Map<String, String> DUTIES = Map.of(
            "solver", "Answer the request directly and completely.",
            "critic", "Find the flaws, risks and missing cases of the obvious answer, then give your own answer.",
            "verifier", "Check every claim that can be checked; say what is verifiable, how, and what is not.",
            "editor", "Make the answer clear, well organised and concise, without changing what it says.",
            "implementer", "Give concrete implementation steps, commands and acceptance tests.",
            "visual", "Analyse the attachments and images the request refers to.");

    private Prompts() {
    }

    static List<ChatMessage> plan(CommitteeRequest request, PreHints hints, List<String> agents) {
        String system = "You are the master of a committee of models. Plan how the committee answers the user's request."
                + " Reply with exactly one JSON object and nothing around it: {\"taskType\": one of "
                + Arrays.stream(TaskType.values()).map(TaskType::wireName).collect(Collectors.joining(", "))
                + ", \"agentsToRun\": [names, chosen from " + String.join(", ", agents) + "], \"rounds\": 1, 2 or 3,"
                + " \"needsClarification\": true or false, \"clarificationQuestion\": {\"question\": \"...\","
                + " \"options\": [\"A ...\", \"B ...\", \"C ...\"]} (only when needsClarification is true),"
                + " \"outputShape\": \"ask\", \"audit\" or \"deep\"}. Ask for a clarification only when the request"
                + " cannot be answered without one. The hints are computed from keywords and attachments; they are not"
                + " authoritative.";
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("mode", request.mode().wireName());
        input.put("message", request.message());
        input.put("hints", hints.toWire());
        return messages(system, input, request.attachments());
    }

    static List<ChatMessage> agent(CommitteeRequest request, @Nullable OrchestrationPlan plan, TaskType taskType,
                                   String agent, int round, List<AgentOutput> previous) {
        String system = "You are the " + agent + " of a committee of models. "
                + DUTIES.getOrDefault(agent, "Contribute your own view of the request.")
                + " Reply with exactly one JSON object and nothing around it: {\"agent\": \"" + agent + "\","
                + " \"answerSummary\": [strings], \"assumptions\": [strings], \"reasoning\": string,"
                + " \"stepsOrDeliverables\": [strings], \"failureModes\": [strings], \"units\": [{\"id\": string,"
                + " \"topic\": string, \"text\": string, \"tags\": [strings]}], \"selfConfidence\": number from 0 to 1}."
                + " Units are the claims of your answer that others may cite; give each a short id of letters, digits,"
                + " '.', '_' or '-'." + (round > 1 ? " This is round " + round + ": revise your output in the light of"
                + " the other agents' outputs of the previous round." : "");
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("message", request.message());
        input.put("taskType", taskType.wireName());
        input.put("round", round);
        if (plan != null) {
            input.put("committee", plan.agentsToRun());
        }
        if (!previous.isEmpty()) {
            List<Object> outputs = new ArrayList<>();
            previous.forEach(output -> outputs.add(output.toWire()));
            input.put("previousRound", outputs);
        }
        return messages(system, input, request.attachments());
    }

    static List<ChatMessage> score(CommitteeRequest request, List<AgentOutput> outputs) {
        String system = "You score the outputs of a committee's agents. Score each output on five axes, each a number"
                + " from 0 to 25: " + String.join(", ", AxisScores.AXES) + " (coherence: consistent reasoning;"
                + " alignment: answers the request; verifiability: claims that can be checked; signalDensity: substance"
                + " per word; compliance: follows its contract and is safe). Reply with exactly one JSON object and"
                + " nothing around it: {\"scores\": [{\"agent\": name, \"axes\": {\"coherence\": n, \"alignment\": n,"
                + " \"verifiability\": n, \"signalDensity\": n, \"compliance\": n}}]}, one entry for each of: "
                + outputs.stream().map(AgentOutput::agent).collect(Collectors.joining(", ")) + ".";
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("message", request.message());
        List<Object> list = new ArrayList<>();
        outputs.forEach(output -> list.add(output.toWire()));
        input.put("outputs", list);
        return messages(system, input, List.of());
    }

    static List<ChatMessage> synthesis(CommitteeRequest request, TaskType taskType, List<AgentOutput> outputs,
                                       List<AgentCredibility> credibilities) {
        String system = "You are the master of a committee of models. Write the final reply from the agents' units."
                + " Prefer VALID units. Never cite or use a DISCARD agent's output. Cite a QUARANTINE unit only with a"
                + " justification of why quarantined material is used. Mark every unit you use in replyMarkdown as"
                + " [agent:id] and list it in audit.citations. When the reply contains a plan (ordered steps), give the"
                + " estimate with each step's o, m and p (0 <= o <= m <= p); expected values and totals are computed"
                + " for you. When the task is " + TaskType.TECHNICAL_EXECUTION.wireName() + " (something to build),"
                + " give acceptanceTests: how to check that what is built works, one test per item. Do not ask the"
                + " user anything in replyMarkdown and do not use the headings ## TL;DR, ## Answer, ## Acceptance"
                + " tests, ## Assumptions, ## Confidence; if the request needs a clarification, give"
                + " clarificationQuestion. Reply with exactly one JSON object and nothing around it: {\"tldr\": [1 to 3"
                + " lines], \"replyMarkdown\": string, \"acceptanceTests\": [strings] (for something to"
                + " build), \"assumptions\": [strings], \"estimate\": {\"unit\": \"minutes\""
                + " or \"hours\", \"steps\": [{\"step\", \"o\", \"m\", \"p\"}], \"assumptions\": [strings], \"risks\":"
                + " [strings], \"confidence\": number from 0 to 1} (only with a plan), \"clarificationQuestion\":"
                + " {\"question\", \"options\": [\"A ...\", \"B ...\", \"C ...\"]} (optional), \"meta\":"
                + " {\"conflictPenalty\": number from 0 to 1, \"coverageBonus\": number from 0 to 1}, \"audit\":"
                + " {\"citations\": [{\"unit\": \"agent:id\", \"justification\": string (required for QUARANTINE)}],"
                + " \"disagreements\": [strings]}}. conflictPenalty is what the agents' disagreement on key items costs"
                + " the confidence; coverageBonus what their joint coverage adds.";
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("mode", request.mode().wireName());
        input.put("message", request.message());
        input.put("taskType", taskType.wireName());
        List<Object> agents = new ArrayList<>();
        for (AgentCredibility credibility : credibilities) {
            Map<String, Object> agent = new LinkedHashMap<>();
            agent.put("agent", credibility.agent());
            agent.put("status", credibility.status().wireName());
            agent.put("cred", credibility.cred());
            if (credibility.status() != CredStatus.DISCARD) {
                outputs.stream().filter(output -> output.agent().equals(credibility.agent())).findFirst()
                        .ifPresent(output -> {
                            agent.put("answerSummary", output.answerSummary());
                            agent.put("assumptions", output.assumptions());
                            agent.put("units", output.units().stream().map(u -> u.toWire()).toList());
                        });
            }
            agents.add(agent);
        }
        input.put("agents", agents);
        return messages(system, input, List.of());
    }

    /**
     * The system message and the user message of {@code input} as a JSON part, followed by {@code files} as
     * attachment parts.
     */
    private static List<ChatMessage> messages(String system, Map<String, Object> input,
                                              List<CommitteeRequest.Attachment> files) {
        List<Part> parts = new ArrayList<>();
        parts.add(Part.json(input));
        files.forEach(file -> parts.add(file.part()));
        return List.of(ChatMessage.system(system), new ChatMessage(ChatRole.USER, parts));
    }
}
