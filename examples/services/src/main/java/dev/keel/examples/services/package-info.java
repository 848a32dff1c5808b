/**
 * The government-services assistant: a multi-stage strict-JSON workflow (judgement, agency detection, category or
 * semantic analysis, service selection, multi-agency answer) built only from Keel's public parts.
 */
package dev.keel.examples.services;
