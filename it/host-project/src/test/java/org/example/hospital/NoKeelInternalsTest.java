package org.example.hospital;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** This application, its tests included, compiles against Keel's public API alone. */
@AnalyzeClasses(packages = "org.example.hospital")
class NoKeelInternalsTest {

    @ArchTest
    static final ArchRule noKeelInternals = noClasses().should().dependOnClassesThat()
            .resideInAPackage("dev.keel..internal..")
            .because("Keel's ..internal.. types are public only for Keel's own packages and change without notice");
}
