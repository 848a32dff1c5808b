package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The tool gate's fixtures, for the tests of policy and of the modules built on it: the arguments of an FX-rates call,
 * and policies, principals and call arguments generated over a small vocabulary (roles {@code r0..}, clearances
 * {@code c0..c2}, domains {@code d0..}, tools {@code t0..}, arguments {@code a, b, c}).
 *
 * <p>Immutable and thread-safe; each generated value depends on the given {@link Random} alone.
 */
public final class ToolFixtures {

    public static final List<String> CLEARANCES = List.of("c0", "c1", "c2");
    public static final List<String> ARGUMENTS = List.of("a", "b", "c");

    private final List<String> roles;
    private final List<String> domains;
    private final List<String> tools;
    private final int unlistedOneIn;

    private ToolFixtures(int roles, int domains, int tools, int unlistedOneIn) {
        this.roles = names("r", roles);
        this.domains = names("d", domains);
        this.tools = names("t", tools);
        this.unlistedOneIn = unlistedOneIn;
    }

    /**
     * A generator over {@code roles} roles, {@code domains} domains and {@code tools} tools, whose policies leave each
     * tool unlisted one time in {@code unlistedOneIn}.
     */
    public static ToolFixtures generator(int roles, int domains, int tools, int unlistedOneIn) {
        return new ToolFixtures(roles, domains, tools, unlistedOneIn);
    }

    /** An FX-rates call's arguments: an account (sensitive where a policy says so), a currency, an amount, a note. */
    public static Map<String, Object> fxArguments() {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("account", "Ash Holdings, account AC-7781");
        arguments.put("currency", "EUR");
        arguments.put("amount", 4500);
        arguments.put("note", "settles on 14 March");
        return arguments;
    }

    private static List<String> names(String prefix, int count) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add(prefix + i);
        }
        return List.copyOf(names);
    }

    public List<String> roles() {
        return roles;
    }

    public List<String> domains() {
        return domains;
    }

    public List<String> tools() {
        return tools;
    }

    /** Each element with even odds, in order; one at least when {@code nonEmpty}. */
    public static <T> List<T> subset(Random random, List<T> of, boolean nonEmpty) {
        List<T> chosen = new ArrayList<>();
        for (T each : of) {
            if (random.nextBoolean()) {
                chosen.add(each);
            }
        }
        if (nonEmpty && chosen.isEmpty()) {
            chosen.add(of.get(random.nextInt(of.size())));
        }
        return chosen;
    }

    public static <T> T pick(Random random, List<T> of) {
        return of.get(random.nextInt(of.size()));
    }

    /** Some of the roles, each with clearances, allowed and denied domains; most tools, each placed and limited. */
    public PolicyDocument policy(Random random) {
        PolicyDocument.Builder builder = PolicyDocument.builder().policyId("generated").version("1");
        List<String> policyRoles = subset(random, roles, true);
        for (String role : policyRoles) {
            List<String> allowed = subset(random, domains, false);
            List<String> denied = subset(random, domains, false);
            denied.removeAll(allowed);
            builder.role(role, new RolePolicy(subset(random, CLEARANCES, true), allowed,
                    random.nextBoolean() ? Decision.ALLOW : Decision.PARTIAL, denied));
        }
        for (String tool : tools) {
            if (random.nextInt(unlistedOneIn) == 0) {
                continue;
            }
            builder.tool(tool, new ToolPolicy("", subset(random, policyRoles, true),
                    random.nextBoolean() ? List.of() : subset(random, CLEARANCES, true), subset(random, domains, false),
                    random.nextBoolean() ? ToolPlacement.INTERNAL : ToolPlacement.EXTERNAL,
                    subset(random, ARGUMENTS, false)));
        }
        return builder.sensitivity(new Sensitivity(List.of(), subset(random, domains, false), List.of())).build();
    }

    /**
     * Mostly a role of the policy with a clearance it allows, so that calls are both allowed and refused often; one
     * time in five any role of the vocabulary or a stranger, and any clearance.
     */
    public Principal principal(Random random, PolicyDocument policy) {
        List<String> outsiders = new ArrayList<>(roles);
        outsiders.add("stranger");
        String role = random.nextInt(5) == 0 ? pick(random, outsiders)
                : pick(random, List.copyOf(policy.roles().keySet()));
        RolePolicy rolePolicy = policy.roles().get(role);
        String clearance = rolePolicy == null || random.nextInt(5) == 0 ? pick(random, CLEARANCES)
                : pick(random, rolePolicy.allowedClearances());
        return Principal.of(role, clearance);
    }

    /**
     * Some of the arguments, each a secret string or a thirteen-digit number: values no other argument's text
     * contains, so that a test can look for each on the wire.
     */
    public static Map<String, Object> arguments(Random random) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (String name : subset(random, ARGUMENTS, false)) {
            arguments.put(name, random.nextBoolean() ? "secret-" + name + "-" + Long.toHexString(random.nextLong())
                    : 1_000_000_000_000L + Math.floorMod(random.nextLong(), 9_000_000_000_000L));
        }
        return arguments;
    }
}
