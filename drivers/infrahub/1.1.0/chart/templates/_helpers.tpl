{{/* The labels every object of the chart carries. */}}
{{- define "infrahub.labels" -}}
app.kubernetes.io/name: infrahub
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{/* The labels that select one component's pods: the driver's component selectors match them. */}}
{{- define "infrahub.selectorLabels" -}}
app.kubernetes.io/name: infrahub
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{- define "infrahub.fullname" -}}
{{- printf "%s-infrahub" .Release.Name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "infrahub.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{/* The environment the server and the task workers share. */}}
{{- define "infrahub.env" -}}
- name: INFRAHUB_DB_ADDRESS
  value: {{ include "infrahub.fullname" . }}-database
- name: INFRAHUB_DB_PORT
  value: "7687"
- name: INFRAHUB_DB_USERNAME
  value: neo4j
- name: INFRAHUB_DB_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "infrahub.fullname" . }}
      key: database-password
- name: INFRAHUB_INITIAL_ADMIN_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "infrahub.fullname" . }}
      key: admin-password
- name: INFRAHUB_LOG_LEVEL
  value: {{ .Values.infrahub.logLevel | quote }}
- name: INFRAHUB_GIT_DEFAULT_BRANCH
  value: {{ .Values.infrahub.defaultBranch | quote }}
- name: INFRAHUB_TELEMETRY_OPTOUT
  value: {{ not .Values.infrahub.telemetry | quote }}
- name: INFRAHUB_ALLOW_ANONYMOUS_ACCESS
  value: {{ .Values.infrahub.allowAnonymousAccess | quote }}
{{- end }}
