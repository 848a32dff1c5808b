package dev.keel.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The layering of ARCHITECTURE.md and the purity rules of the evaluation packages, checked on the compiled
 * classes of every module. Breaking one fails the build.
 */
@AnalyzeClasses(packages = "dev.keel", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String CORE = "dev.keel.core..";
    private static final String POLICY = "dev.keel.policy..";
    private static final String ROUTING = "dev.keel.routing..";
    private static final String EVIDENCE = "dev.keel.evidence..";
    private static final String ADAPTERS = "dev.keel.llm.adapters..";
    private static final String CLI = "dev.keel.cli..";
    private static final String EXAMPLES = "dev.keel.examples..";
    private static final String BENCHMARKS = "dev.keel.benchmarks..";

    /** Packages of policy, routing and evidence that read streams; everything else there is evaluation code. */
    private static final String LOADERS = "..loader..";

    @ArchTest
    static final ArchRule coreDependsOnNoOtherModule = noClasses().that().resideInAPackage(CORE)
            .should().dependOnClassesThat().resideInAnyPackage(POLICY, ROUTING, EVIDENCE, ADAPTERS, CLI, EXAMPLES, BENCHMARKS)
            .because("core is the base every module stands on");

    @ArchTest
    static final ArchRule policyDependsOnCoreOnly = noClasses().that().resideInAPackage(POLICY)
            .should().dependOnClassesThat().resideInAnyPackage(ROUTING, EVIDENCE, ADAPTERS, CLI, EXAMPLES, BENCHMARKS)
            .allowEmptyShould(true)
            .because("policy, routing and evidence depend on core only, never on each other");

    @ArchTest
    static final ArchRule routingDependsOnCoreOnly = noClasses().that().resideInAPackage(ROUTING)
            .should().dependOnClassesThat().resideInAnyPackage(POLICY, EVIDENCE, ADAPTERS, CLI, EXAMPLES, BENCHMARKS)
            .allowEmptyShould(true)
            .because("policy, routing and evidence depend on core only, never on each other");

    @ArchTest
    static final ArchRule evidenceDependsOnCoreOnly = noClasses().that().resideInAPackage(EVIDENCE)
            .should().dependOnClassesThat().resideInAnyPackage(POLICY, ROUTING, ADAPTERS, CLI, EXAMPLES, BENCHMARKS)
            .allowEmptyShould(true)
            .because("policy, routing and evidence depend on core only, never on each other");

    @ArchTest
    static final ArchRule adaptersDependOnCoreOnly = noClasses().that().resideInAPackage(ADAPTERS)
            .should().dependOnClassesThat().resideInAnyPackage(POLICY, ROUTING, EVIDENCE, CLI, EXAMPLES, BENCHMARKS)
            .allowEmptyShould(true)
            .because("llm-adapters implement core's SPIs and depend on core only");

    @ArchTest
    static final ArchRule nothingDependsOnTheApplications = noClasses().that()
            .resideInAnyPackage(CORE, POLICY, ROUTING, EVIDENCE, ADAPTERS)
            .should().dependOnClassesThat().resideInAnyPackage(CLI, EXAMPLES, BENCHMARKS)
            .because("cli, examples and benchmarks sit on top; nothing depends on them");

    @ArchTest
    static final ArchRule langchain4jOnlyInAdapters = noClasses().that()
            .resideInAnyPackage(CORE, POLICY, ROUTING, EVIDENCE)
            .should().dependOnClassesThat().resideInAPackage("dev.langchain4j..")
            .because("only llm-adapters sees langchain4j");

    private static final DescribedPredicate<JavaClass> EVALUATION_CODE = new DescribedPredicate<>(
            "in an evaluation package of policy, routing or evidence") {
        @Override
        public boolean test(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            boolean module = name.startsWith("dev.keel.policy") || name.startsWith("dev.keel.routing")
                    || name.startsWith("dev.keel.evidence");
            return module && !name.contains(".loader");
        }
    };

    @ArchTest
    static final ArchRule evaluationCodeDoesNoIo = noClasses().that(EVALUATION_CODE)
            .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.net..")
            .orShould().dependOnClassesThat().haveNameMatching("java\\.io\\.File.*")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.RandomAccessFile")
            .allowEmptyShould(true)
            .because("evaluation is pure: loaders that read files live in ..loader.. packages");

    @ArchTest
    static final ArchRule evaluationCodeReadsNoClockAndNoRandomness = noClasses().that(EVALUATION_CODE)
            .should().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(System.class, "nanoTime")
            .orShould().callMethod(Math.class, "random")
            .orShould().callMethod(java.util.UUID.class, "randomUUID")
            .orShould().callMethodWhere(staticNowOrSystemClock())
            .orShould().callConstructor(java.util.Random.class)
            .orShould().callConstructor(java.security.SecureRandom.class)
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.ThreadLocalRandom")
            .allowEmptyShould(true)
            .because("same input, same output: time and ids come in through Clock and IdSource");

    private static DescribedPredicate<com.tngtech.archunit.core.domain.JavaMethodCall> staticNowOrSystemClock() {
        return new DescribedPredicate<>("a static now() or a system clock of java.time") {
            @Override
            public boolean test(com.tngtech.archunit.core.domain.JavaMethodCall call) {
                String owner = call.getTargetOwner().getPackageName();
                String name = call.getName();
                return owner.equals("java.time")
                        && (name.equals("now") || name.startsWith("system") || name.equals("tickMillis")
                        || name.equals("tickSeconds") || name.equals("tickMinutes"));
            }
        };
    }

    private static final DescribedPredicate<JavaClass> PUBLIC_API_OF_PURE_MODULES = new DescribedPredicate<>(
            "a public type of policy, routing or evidence outside ..internal..") {
        @Override
        public boolean test(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            boolean module = name.startsWith("dev.keel.policy") || name.startsWith("dev.keel.routing")
                    || name.startsWith("dev.keel.evidence");
            return module && !name.contains(".internal") && javaClass.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC);
        }
    };

    @ArchTest
    static final ArchRule noJacksonInPublicSignatures = codeUnits().that().arePublic()
            .and().areDeclaredInClassesThat(PUBLIC_API_OF_PURE_MODULES)
            .should(new ArchCondition<JavaCodeUnit>("not mention a Jackson type in their signature") {
                @Override
                public void check(JavaCodeUnit unit, ConditionEvents events) {
                    List<JavaClass> types = new ArrayList<>(unit.getRawParameterTypes());
                    types.add(unit.getRawReturnType());
                    types.addAll(unit.getReturnType().getAllInvolvedRawTypes());
                    for (JavaClass type : types) {
                        if (type.getPackageName().startsWith("com.fasterxml.jackson")) {
                            events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " uses " + type.getName()));
                        }
                    }
                }
            })
            .allowEmptyShould(true)
            .because("hosts must not need Jackson to call policy, routing or evidence");

    @ArchTest
    static final ArchRule noJacksonInPublicFields = fields().that().arePublic()
            .and().areDeclaredInClassesThat(PUBLIC_API_OF_PURE_MODULES)
            .should(new ArchCondition<JavaField>("not have a Jackson type") {
                @Override
                public void check(JavaField field, ConditionEvents events) {
                    if (field.getRawType().getPackageName().startsWith("com.fasterxml.jackson")) {
                        events.add(SimpleConditionEvent.violated(field, field.getFullName() + " is a Jackson type"));
                    }
                }
            })
            .allowEmptyShould(true)
            .because("hosts must not need Jackson to call policy, routing or evidence");

    @ArchTest
    static final ArchRule exceptionsShareOneRoot = classes().that().areAssignableTo(RuntimeException.class)
            .and().resideInAnyPackage(CORE, POLICY, ROUTING, EVIDENCE, ADAPTERS)
            .should().beAssignableTo(dev.keel.core.KeelException.class)
            .allowEmptyShould(true)
            .because("every exception Keel throws is a KeelException with a stable code");

    @ArchTest
    static void everyPackageHasPackageInfo(JavaClasses classes) {
        Set<String> missing = new TreeSet<>();
        for (JavaClass javaClass : classes) {
            JavaPackage javaPackage = javaClass.getPackage();
            if (javaPackage.getName().startsWith("dev.keel") && javaPackage.tryGetPackageInfo().isEmpty()
                    && !javaClass.getSimpleName().endsWith("_jmhType") && !javaPackage.getName().contains("jmh_generated")) {
                missing.add(javaPackage.getName());
            }
        }
        org.assertj.core.api.Assertions.assertThat(missing).as("packages without package-info.java").isEmpty();
    }

    /** The rules above allow an empty subject; this test makes sure none of them is silently checking nothing. */
    @Test
    void theRulesSeeEveryModule() {
        JavaClasses all = new com.tngtech.archunit.core.importer.ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.keel");
        Set<String> modules = all.stream().map(JavaClass::getPackageName)
                .map(name -> name.startsWith("dev.keel.llm.adapters") ? "dev.keel.llm.adapters" : name.split("\\.").length > 2 ? name.split("\\.")[2] : name)
                .collect(Collectors.toCollection(TreeSet::new));
        org.assertj.core.api.Assertions.assertThat(modules)
                .contains("core", "policy", "routing", "evidence", "dev.keel.llm.adapters", "examples", "cli");
    }
}
