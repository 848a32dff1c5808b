package dev.keel.committee;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cheap deterministic hints about a request's task type, passed to the master as non-authoritative (it may
 * override them): attachments or images suggest {@link TaskType#VISUAL_ANALYSIS}; the words prompt, rubric or
 * template suggest {@link TaskType#PROMPT_ENGINEERING}; code fences and the words code, architecture, debug or deploy
 * suggest {@link TaskType#TECHNICAL_EXECUTION}. Each hint carries the reasons that raised it.
 *
 * <p>Immutable, pure and thread-safe.
 */
public final class PreHints {

    private static final Pattern PROMPT_WORDS = Pattern.compile("\\b(prompts?|rubrics?|templates?)\\b");
    private static final Pattern TECHNICAL_WORDS = Pattern.compile(
            "\\b(code|coding|architecture|debug(?:ging)?|deploy(?:s|ing|ment)?)\\b");
    private static final Pattern IMAGE_FILE = Pattern.compile("\\.(png|jpe?g|gif|webp|bmp|svg)$");

    private final Map<TaskType, List<String>> reasons;

    private PreHints(Map<TaskType, List<String>> reasons) {
        this.reasons = reasons;
    }

    /** The hints for {@code request}. */
    public static PreHints of(CommitteeRequest request) {
        Map<TaskType, List<String>> reasons = new LinkedHashMap<>();
        for (CommitteeRequest.Attachment attachment : request.attachments()) {
            String type = attachment.contentType() == null ? "" : attachment.contentType().toLowerCase(Locale.ROOT);
            boolean image = type.startsWith("image/")
                    || IMAGE_FILE.matcher(attachment.filename().toLowerCase(Locale.ROOT)).find();
            add(reasons, TaskType.VISUAL_ANALYSIS, (image ? "image " : "attachment ") + attachment.filename());
        }
        String message = request.message().toLowerCase(Locale.ROOT);
        words(reasons, TaskType.PROMPT_ENGINEERING, PROMPT_WORDS.matcher(message));
        if (message.contains("```")) {
            add(reasons, TaskType.TECHNICAL_EXECUTION, "code fence");
        }
        words(reasons, TaskType.TECHNICAL_EXECUTION, TECHNICAL_WORDS.matcher(message));
        return new PreHints(reasons);
    }

    private static void words(Map<TaskType, List<String>> reasons, TaskType type, Matcher matcher) {
        Set<String> seen = new LinkedHashSet<>();
        while (matcher.find()) {
            if (seen.add(matcher.group(1))) {
                add(reasons, type, "word '" + matcher.group(1) + "'");
            }
        }
    }

    private static void add(Map<TaskType, List<String>> reasons, TaskType type, String reason) {
        reasons.computeIfAbsent(type, t -> new ArrayList<>()).add(reason);
    }

    /** The hinted task types, in the order above. */
    public Set<TaskType> types() {
        return java.util.Collections.unmodifiableSet(new LinkedHashSet<>(reasons.keySet()));
    }

    /** The task type the hints suggest: the single hinted type, {@code MIXED} for several, empty for none. */
    public java.util.Optional<TaskType> suggested() {
        if (reasons.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(reasons.size() == 1 ? reasons.keySet().iterator().next() : TaskType.MIXED);
    }

    /** {@code {"<TASK_TYPE>": ["reason", ...]}}, in order. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        reasons.forEach((type, why) -> wire.put(type.wireName(), List.copyOf(why)));
        return wire;
    }

    @Override
    public String toString() {
        return "PreHints" + toWire();
    }
}
